import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  returnDecisionSchema,
  returnRequestSchema,
  storeReturnsQuerySchema,
  storeReturnsSchema,
} from '@mandado/shared/returns-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decideReturnFlow } from '../../flows/decide-return.flow.ts';
import { receiveReturnFlow } from '../../flows/receive-return.flow.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import { photoForReader, sendReturnPhoto } from './return-photos.service.ts';
import { listStoreReturns, RETURN_PHOTO_PATHS } from './returns.service.ts';

const returnParams = idParamsSchema.extend({
  returnId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
});

const ERRORS = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/**
 * The store's returns (decision 076), under the merchant portal's guard: members of store :id (order:fulfil)
 * list them, accept or refuse with a reason, and confirm the goods came back (the refund goes out then).
 */
export const merchantReturnsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:id/returns/',
    {
      schema: {
        tags: ['comercio'],
        summary: 'Las devoluciones pedidas a la tienda, las más nuevas primero, filtradas por estado',
        params: idParamsSchema,
        querystring: storeReturnsQuerySchema,
        response: { 200: storeReturnsSchema, ...ERRORS },
      },
    },
    async (request) =>
      listStoreReturns(app.db, request.actor, request.params.id, request.query.status, {
        side: 'staff',
        publicUrl: app.publicUrl,
        photoPath: RETURN_PHOTO_PATHS.store,
      }),
  );

  app.get(
    '/stores/:id/returns/:returnId/photo/',
    {
      schema: {
        tags: ['comercio'],
        summary: 'La foto de una devolución pedida a la tienda',
        params: returnParams,
        response: { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendReturnPhoto(
        reply,
        await photoForReader(
          app.db,
          app.media,
          { kind: 'store', actor: request.actor, storeId: request.params.id },
          request.params.returnId,
        ),
      ),
  );

  app.post(
    '/stores/:id/returns/:returnId/decision/',
    {
      schema: {
        tags: ['comercio'],
        summary: 'Aceptar una devolución, o rechazarla explicando por qué (10 a 500 caracteres)',
        params: returnParams,
        body: returnDecisionSchema,
        response: { 200: returnRequestSchema, ...ERRORS },
      },
    },
    async (request) =>
      decideReturnFlow(app.db, request.actor, request.params.id, request.params.returnId, request.body, {
        publicUrl: app.publicUrl,
        kickMailWorker: () => app.kickMailWorker(),
      }),
  );

  app.post(
    '/stores/:id/returns/:returnId/received/',
    {
      schema: {
        tags: ['comercio'],
        summary: 'La tienda recibió los productos devueltos: sale el reembolso (a la tarjeta o como saldo)',
        params: returnParams,
        response: { 200: returnRequestSchema, ...ERRORS },
      },
    },
    async (request) =>
      receiveReturnFlow(app.db, request.actor, request.params.id, request.params.returnId, {
        publicUrl: app.publicUrl,
        kickMailWorker: () => app.kickMailWorker(),
        kickPushWorker: () => app.kickPushWorker(),
        kickRefundWorker: () => app.kickRefundWorker(),
      }),
  );
};
