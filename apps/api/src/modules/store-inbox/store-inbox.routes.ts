import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { staffStoreOrderSchema, storeOrderNumberSchema } from '@mandado/shared/staff-order.schemas';
import {
  inboxQuerySchema,
  lineAvailabilityInputSchema,
  storeInboxSchema,
  substituteCandidateListSchema,
  substituteQuerySchema,
} from '@mandado/shared/store-inbox.schemas';
import { substitutionProposalInputSchema } from '@mandado/shared/substitution.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { markLineAvailabilityFlow } from '../../flows/mark-line-unavailable.flow.ts';
import { proposeSubstitutionFlow } from '../../flows/substitution.flow.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import {
  getStoreInbox,
  getStoreOrderCard,
  listSubstitutes,
  markStoreOrderOpened,
} from './store-inbox.service.ts';

const TAGS = ['comercio'];
const GUARDED = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const orderParams = idParamsSchema.extend({ number: storeOrderNumberSchema });
const lineParams = orderParams.extend({ lineId: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * The store's inbox (issue 17), registered inside the merchant portal's plugin (decision 012), whose hook
 * already refused visitors and non-members; each service then checks membership of the store in the path.
 */
export const storeInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:id/orders/',
    {
      schema: {
        tags: TAGS,
        summary: 'La bandeja de pedidos pagados de la tienda, por pestaña y página (ETag: 304 si no cambió)',
        params: idParamsSchema,
        querystring: inboxQuerySchema,
        response: { 200: storeInboxSchema, 304: z.null(), ...GUARDED, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { etag, inbox } = await getStoreInbox(
        app.db,
        request.actor,
        request.params.id,
        request.query,
        request.headers['if-none-match'],
        app.publicUrl,
      );
      // Revalidated on every poll (the phone asks every few seconds): the browser may keep the answer but
      // must ask with its ETag, and an unchanged inbox costs one query and no body.
      reply.header('cache-control', 'private, no-cache');
      reply.header('etag', etag);
      if (inbox === null) return reply.status(304).send(null);
      return inbox;
    },
  );

  app.get(
    '/stores/:id/orders/:number/',
    {
      schema: {
        tags: TAGS,
        summary: 'Un pedido de la tienda, como su tarjeta en la bandeja',
        params: orderParams,
        response: { 200: staffStoreOrderSchema, ...GUARDED },
      },
    },
    async (request) =>
      getStoreOrderCard(app.db, request.actor, request.params.id, request.params.number, app.publicUrl),
  );

  app.post(
    '/stores/:id/orders/:number/seen/',
    {
      schema: {
        tags: TAGS,
        summary: 'Marcar el pedido como abierto (deja de sonar); solo la primera vez cuenta',
        params: orderParams,
        response: { 200: staffStoreOrderSchema, ...GUARDED },
      },
    },
    async (request) =>
      markStoreOrderOpened(app.db, request.actor, request.params.id, request.params.number, app.publicUrl),
  );

  app.get(
    '/stores/:id/orders/:number/lines/:lineId/substitutes/',
    {
      schema: {
        tags: TAGS,
        summary: 'Productos de la tienda que pueden reemplazar una línea (al mismo precio o menos)',
        params: lineParams,
        querystring: substituteQuerySchema,
        response: { 200: substituteCandidateListSchema, ...GUARDED, 400: apiErrorSchema },
      },
    },
    async (request) => ({
      results: await listSubstitutes(
        app.db,
        request.actor,
        request.params.id,
        request.params.number,
        request.params.lineId,
        request.query.q,
      ),
    }),
  );

  app.post(
    '/stores/:id/orders/:number/lines/:lineId/availability/',
    {
      schema: {
        tags: TAGS,
        summary: 'Registrar que una línea no está (o está en parte), con reemplazo o reembolso',
        params: lineParams,
        body: lineAvailabilityInputSchema,
        response: { 200: staffStoreOrderSchema, ...GUARDED, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) =>
      markLineAvailabilityFlow(
        app.db,
        request.actor,
        request.params.id,
        { number: request.params.number, lineId: request.params.lineId },
        request.body,
        {
          publicUrl: app.publicUrl,
          kickMailWorker: () => app.kickMailWorker(),
          kickRefundWorker: () => app.kickRefundWorker(),
        },
      ),
  );

  app.post(
    '/stores/:id/orders/:number/lines/:lineId/substitute-question/',
    {
      schema: {
        tags: TAGS,
        summary:
          'Proponer un reemplazo y preguntar a quien compró (decide en el enlace o por su preferencia)',
        params: lineParams,
        body: substitutionProposalInputSchema,
        response: { 200: staffStoreOrderSchema, ...GUARDED, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) =>
      proposeSubstitutionFlow(
        app.db,
        request.actor,
        request.params.id,
        { number: request.params.number, lineId: request.params.lineId },
        request.body,
        {
          publicUrl: app.publicUrl,
          kickMailWorker: () => app.kickMailWorker(),
          kickRefundWorker: () => app.kickRefundWorker(),
          kickPushWorker: () => app.kickPushWorker(),
        },
      ),
  );
};
