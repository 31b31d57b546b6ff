import {
  storeApplicationRejectedSchema,
  storeApplicationRejectInputSchema,
} from '@mandado/shared/admin-stores.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  storeApplicationApprovedSchema,
  storeApplicationInputSchema,
  storeApplicationListSchema,
  storeApplicationReceivedSchema,
} from '@mandado/shared/store-application.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../http-schemas.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import {
  approveApplication,
  listStoreApplications,
  rejectApplication,
  submitApplication,
} from './store-applications.service.ts';

/** POST /v1/store-applications/: 'Vende en Mandado', open to anyone, limited per address. */
export const storeApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/store-applications/',
    {
      preHandler: rateLimit(app, 'storeApplicationPerIp'),
      schema: {
        tags: ['comercio'],
        summary: 'Solicitud de una tienda para vender en Mandado',
        body: storeApplicationInputSchema,
        response: {
          201: storeApplicationReceivedSchema,
          400: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const received = await submitApplication(app.db, request.body, { publicUrl: app.publicUrl });
      app.kickMailWorker();
      return reply.status(201).send(received);
    },
  );
};

/** The back office's side (issue 18 approves through the API; its screens come with issue 19). */
export const storeApplicationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/store-applications/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: ['administración'],
        summary: 'Solicitudes de tiendas, las más nuevas primero (status=pending|approved|rejected)',
        querystring: z.object({ status: z.enum(['pending', 'approved', 'rejected']).optional() }),
        response: { 200: storeApplicationListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => ({
      results: await listStoreApplications(app.db, request.actor, request.query.status ?? null),
    }),
  );

  app.post(
    '/store-applications/:id/approve/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: ['administración'],
        summary: 'Aprueba una solicitud: crea la tienda (aún no visible) e invita al solicitante como dueño',
        params: idParamsSchema,
        response: {
          200: storeApplicationApprovedSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const approved = await approveApplication(app.db, request.actor, request.params.id, {
        publicUrl: app.publicUrl,
      });
      app.kickMailWorker();
      return approved;
    },
  );

  app.post(
    '/store-applications/:id/reject/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: ['administración'],
        summary: 'Rechaza una solicitud con un motivo, que se le envía por correo al solicitante',
        params: idParamsSchema,
        body: storeApplicationRejectInputSchema,
        response: {
          200: storeApplicationRejectedSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const rejected = await rejectApplication(app.db, request.actor, request.params.id, request.body.reason);
      app.kickMailWorker();
      return rejected;
    },
  );
};
