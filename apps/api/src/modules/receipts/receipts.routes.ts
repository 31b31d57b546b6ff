import { createHash } from 'node:crypto';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  receiptAnswerInputSchema,
  receiptAnswerResultSchema,
  receiptClaimListQuerySchema,
  receiptClaimListSchema,
  receiptClaimRefundResultSchema,
  receiptPhotoResultSchema,
} from '@mandado/shared/receipt.schemas';
import { storeOrderNumberSchema } from '@mandado/shared/staff-order.schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_DENIALS } from '../../admin-guard.ts';
import { answerReceiptFlow } from '../../flows/answer-receipt.flow.ts';
import { notFound } from '../../http-errors.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import { clientKey, enforceRateLimit, rateLimit } from '../../plugins/rate-limit.ts';
import { enforceCsrf } from '../../plugins/session.ts';
import { registerImageBodyParser } from '../media/image-body.ts';
import { IMAGE_MAX_BYTES } from '../media/image-intake.ts';
import {
  listReceiptClaims,
  readClaimPhoto,
  refundReceiptClaim,
  uploadClaimPhoto,
} from './receipts.service.ts';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A tracking token as we make them (tracking.routes.ts): anything else never reaches the database. */
const receiptParamsSchema = z.object({
  token: z.string().regex(TOKEN_PATTERN),
  number: storeOrderNumberSchema,
});

/** Sends a claim's photo: private to the reader, never cached, never sniffed into something else. */
function sendClaimPhoto(reply: FastifyReply, photo: { body: Buffer; contentType: string }): FastifyReply {
  return reply
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .type(photo.contentType)
    .send(photo.body);
}

/**
 * The optional photo of 'Falta algo' (issue 29, decision 074): a raw image body like the courier's proof, so
 * only this plugin takes one (content-type parsers are scoped). Before any of its 8 MB is read: a malformed
 * token is a 404, a forged request a 403, and a client or a link over its share a 429.
 */
const claimPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerImageBodyParser(app);
  app.post(
    '/tracking/:token/stores/:number/receipt/photos/',
    {
      bodyLimit: IMAGE_MAX_BYTES,
      onRequest: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        reply.header('x-robots-tag', 'noindex');
        const { token } = request.params as { token?: string };
        if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) throw notFound();
        enforceCsrf(request);
        await enforceRateLimit(app, reply, 'tracking', clientKey(request.ip));
        // Per link too (hashed: the credential is never stored in another table): each photo is kept.
        const link = createHash('sha256').update(token).digest('base64url').slice(0, 32);
        await enforceRateLimit(app, reply, 'claimPhotoPerToken', link);
      },
      schema: {
        tags: ['pedidos'],
        summary:
          "Foto opcional de 'Falta algo' (JPEG, PNG o WebP, hasta 8 MB, en el cuerpo): devuelve su photo_id",
        params: receiptParamsSchema,
        response: {
          201: receiptPhotoResultSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          413: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await uploadClaimPhoto(
        app.db,
        request.params.token,
        request.params.number,
        body,
        app.media,
      );
      return reply.status(201).send(result);
    },
  );
};

/**
 * The family's answer on the tracking link (issue 29): public like the page, the token is the credential,
 * state changes carry the visitor's CSRF token (session.ts), counted per client with the page's reads.
 */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(claimPhotoRoutes);
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
    async (request) =>
      answerReceiptFlow(app.db, request.params.token, request.params.number, request.body, {
        media: app.media,
        publicUrl: app.publicUrl,
        kickMailWorker: () => app.kickMailWorker(),
        kickPushWorker: () => app.kickPushWorker(),
      }),
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

  app.get(
    '/receipt-claims/:id/photo',
    {
      config: { permission: 'support:read' },
      schema: {
        tags: ['administración'],
        summary: "La foto de un reclamo de entrega ('Falta algo'), cuando la familia la envió",
        params: idParamsSchema,
        response: { ...ADMIN_DENIALS, 404: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendClaimPhoto(
        reply,
        await readClaimPhoto(app.db, request.actor, app.media, {
          kind: 'operator',
          claimId: request.params.id,
        }),
      ),
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

/**
 * Registered inside /v1/merchant (its guard: a signed-in member): the photo of a claim on one of the store's
 * own orders, for the order's card in the inbox.
 */
export const merchantClaimPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:id/orders/:number/claim-photo',
    {
      schema: {
        tags: ['comercio'],
        summary: "La foto del aviso 'Falta algo' de un pedido de la tienda",
        params: idParamsSchema.extend({ number: storeOrderNumberSchema }),
        response: { 404: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendClaimPhoto(
        reply,
        await readClaimPhoto(app.db, request.actor, app.media, {
          kind: 'store',
          storeId: request.params.id,
          storeOrderNumber: request.params.number,
        }),
      ),
  );
};
