import {
  webhookDeliveriesQuerySchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
} from '@mandado/shared/admin-webhooks.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_DENIALS } from '../../admin-guard.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import {
  createWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from './webhooks.service.ts';

/**
 * /v1/admin/webhooks… (issue 19): partners' endpoints for signed webhooks, their deliveries and replays.
 * Registered inside the back office's plugin, whose guard checks each route's permission first.
 */
export const webhookAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const policy = () => ({ policy: app.webhookPolicy });

  app.get(
    '/webhooks/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: ['administración'],
        summary: 'Endpoints de webhooks de los socios (sin sus secretos)',
        response: { 200: webhookEndpointListSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => ({ results: await listWebhookEndpoints(app.db, request.actor) }),
  );

  app.post(
    '/webhooks/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: ['administración'],
        summary: 'Registrar un endpoint: la respuesta trae su secreto, que no se vuelve a mostrar',
        body: webhookEndpointInputSchema,
        response: { 201: webhookEndpointWithSecretSchema, 400: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request, reply) => {
      const created = await createWebhookEndpoint(app.db, request.actor, request.body, policy());
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/webhooks/:id/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: ['administración'],
        summary: 'Cambiar la URL o los eventos de un endpoint, o pausarlo',
        params: idParamsSchema,
        body: webhookEndpointUpdateSchema,
        response: { 200: webhookEndpointSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) =>
      updateWebhookEndpoint(app.db, request.actor, request.params.id, request.body, policy()),
  );

  app.post(
    '/webhooks/:id/rotate-secret/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: ['administración'],
        summary: 'Secreto nuevo (el anterior firma 24 horas más)',
        params: idParamsSchema,
        response: { 200: webhookEndpointWithSecretSchema, 404: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => rotateWebhookSecret(app.db, request.actor, request.params.id),
  );

  app.get(
    '/webhooks/:id/deliveries/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: ['administración'],
        summary: 'Entregas de un endpoint con sus intentos y respuestas, las más nuevas primero',
        params: idParamsSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: {
          200: webhookDeliveryPageSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          ...ADMIN_DENIALS,
        },
      },
    },
    async (request) => listWebhookDeliveries(app.db, request.actor, request.params.id, request.query.cursor),
  );

  app.post(
    '/webhook-deliveries/:id/replay/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: ['administración'],
        summary: 'Reenviar un aviso: una entrega nueva con el mismo evento',
        params: idParamsSchema,
        response: { 201: webhookDeliverySchema, 404: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request, reply) => {
      const replayed = await replayWebhookDelivery(app.db, request.actor, request.params.id, {
        kickWebhookWorker: () => app.kickWebhookWorker(),
      });
      return reply.status(201).send(replayed);
    },
  );
};
