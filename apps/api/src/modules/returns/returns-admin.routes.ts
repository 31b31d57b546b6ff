import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  adminReturnsQuerySchema,
  adminReturnsSchema,
  returnOverruleSchema,
  returnRequestSchema,
} from '@mandado/shared/returns-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overruleReturnFlow } from '../../flows/decide-return.flow.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import { photoForReader, sendReturnPhoto } from './return-photos.service.ts';
import { listAdminReturns, RETURN_PHOTO_PATHS } from './returns.service.ts';

const ERRORS = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** The back office's returns (decision 076): every store's, and the overrule of a refusal (returns:manage). */
export const adminReturnsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/returns/',
    {
      config: { permission: 'returns:manage' },
      schema: {
        tags: ['administración'],
        summary: 'Las devoluciones de todas las tiendas, por página, filtradas por estado y tienda',
        querystring: adminReturnsQuerySchema,
        response: { 200: adminReturnsSchema, ...ERRORS },
      },
    },
    async (request) =>
      listAdminReturns(app.db, request.actor, request.query, {
        side: 'staff',
        publicUrl: app.publicUrl,
        photoPath: RETURN_PHOTO_PATHS.operator,
      }),
  );

  app.get(
    '/returns/:id/photo/',
    {
      config: { permission: 'returns:manage' },
      schema: {
        tags: ['administración'],
        summary: 'La foto de una devolución',
        params: idParamsSchema,
        response: { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendReturnPhoto(
        reply,
        await photoForReader(
          app.db,
          app.media,
          { kind: 'operator', actor: request.actor },
          request.params.id,
        ),
      ),
  );

  app.post(
    '/returns/:id/overrule/',
    {
      config: { permission: 'returns:manage' },
      schema: {
        tags: ['administración'],
        summary: 'Aceptar una devolución que la tienda rechazó, con el motivo (queda en la auditoría)',
        params: idParamsSchema,
        body: returnOverruleSchema,
        response: { 200: returnRequestSchema, ...ERRORS },
      },
    },
    async (request) =>
      overruleReturnFlow(app.db, request.actor, request.params.id, request.body.reason, {
        publicUrl: app.publicUrl,
        kickMailWorker: () => app.kickMailWorker(),
      }),
  );
};
