import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  receiptAnswerInputSchema,
  receiptAnswerResultSchema,
  receiptClaimListQuerySchema,
  receiptClaimListSchema,
  receiptClaimRefundResultSchema,
} from '@mandado/shared/receipt.schemas';
import { storeOrderNumberSchema } from '@mandado/shared/staff-order.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_DENIALS } from '../../admin-guard.ts';
import { answerReceiptFlow } from '../../flows/answer-receipt.flow.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { listReceiptClaims, refundReceiptClaim } from './receipts.service.ts';

/** A tracking token as we make them (tracking.routes.ts): anything else never reaches the database. */
const receiptParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  number: storeOrderNumberSchema,
});

/**
 * The family's answer on the tracking link (issue 29): public like the page, the token is the credential,
 * state changes carry the visitor's CSRF token (session.ts), counted per client with the page's reads.
 */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/tracking/:token/stores/:number/receipt/',
    {
      onRequest: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        reply.header('x-robots-tag', 'noindex');
      },
      preHandler: rateLimit(app, 'tracking'),
      schema: {
        tags: ['pedidos'],
        summary: "La familia responde tras la entrega: 'Recibí todo' o 'Falta algo' (una sola vez, 48 h)",
        params: receiptParamsSchema,
        body: receiptAnswerInputSchema,
        response: {
          200: receiptAnswerResultSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => answerReceiptFlow(app.db, request.params.token, request.params.number, request.body),
  );
};

/** Registered inside /v1/admin (its guard checks each route's permission): the claims of the support inbox. */
export const receiptAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/receipt-claims/',
    {
      config: { permission: 'support:read' },
      schema: {
        tags: ['administración'],
        summary: "Reclamos de entrega ('Falta algo'), los más recientes primero",
        querystring: receiptClaimListQuerySchema,
        response: { 200: receiptClaimListSchema, ...ADMIN_DENIALS, 400: apiErrorSchema },
      },
    },
    async (request) => listReceiptClaims(app.db, request.actor, request.query),
  );

  app.post(
    '/receipt-claims/:id/refund/',
    {
      config: { permission: 'payment:refund' },
      schema: {
        tags: ['administración'],
        summary: 'Devolver lo reclamado (las unidades de cada línea, con los topes de devolución)',
        params: idParamsSchema,
        response: {
          200: receiptClaimRefundResultSchema,
          ...ADMIN_DENIALS,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) =>
      refundReceiptClaim(app.db, request.actor, request.params.id, {
        publicUrl: app.publicUrl,
        kickMailWorker: () => app.kickMailWorker(),
        kickRefundWorker: () => app.kickRefundWorker(),
      }),
  );
};
