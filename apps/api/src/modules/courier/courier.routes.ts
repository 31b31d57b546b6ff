import { createHash } from 'node:crypto';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  counterDeliverInputSchema,
  courierAttemptInputSchema,
  courierDeliveredInputSchema,
  courierPhotoResultSchema,
  courierStoreOrderSchema,
} from '@mandado/shared/courier.schemas';
import { staffStoreOrderSchema, storeOrderNumberSchema } from '@mandado/shared/staff-order.schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../authorization.ts';
import { courierArrivedFlow } from '../../flows/courier-arrived.flow.ts';
import { deliveryAttemptFlow, pickUpFlow } from '../../flows/courier-trip.flow.ts';
import { deliverAtCounterFlow, deliverByLinkFlow } from '../../flows/deliver.flow.ts';
import { notFound } from '../../http-errors.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import { clientKey, enforceRateLimit } from '../../plugins/rate-limit.ts';
import { enforceCsrf } from '../../plugins/session.ts';
import { registerImageBodyParser } from '../media/image-body.ts';
import { IMAGE_MAX_BYTES } from '../media/image-intake.ts';
import {
  getCourierStoreOrder,
  type ProofPhoto,
  readOperatorProofPhoto,
  readRemitterProofPhoto,
  readStoreProofPhoto,
  reopenCourierLink,
  uploadProofPhoto,
} from './courier.service.ts';

/**
 * A courier token as we make them: 32 random bytes in base64url, 43 characters. Anything else is a request
 * for nothing we have (404) and never reaches the database or the rate limits.
 */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const tokenParamsSchema = z.object({ token: z.string().regex(TOKEN_PATTERN) });

const COURIER_ERRORS = {
  400: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  423: apiErrorSchema,
  429: apiErrorSchema,
};

/**
 * Every route of the courier's link as registered: the audit walk reads it (issue 27), as it reads the
 * merchant portal's. Static routing data, not request state.
 */
export const COURIER_LINK_ROUTE_TABLE = new Map<string, { method: string; url: string }>();

/** The rate limits' bucket of a link: a hash, so the credential itself is never stored in another table. */
function tokenKey(token: string): string {
  return createHash('sha256').update(token).digest('base64url').slice(0, 32);
}

/** Sends a proof photo: private to the reader, never cached, never sniffed into something else. */
function sendPhoto(reply: FastifyReply, photo: ProofPhoto): FastifyReply {
  return reply
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .type(photo.contentType)
    .send(photo.body);
}

/** Only the photo route takes a raw image body (content-type parsers are scoped); the others stay JSON. */
const courierPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerImageBodyParser(app);
  app.post(
    '/courier/:token/photos/',
    {
      bodyLimit: IMAGE_MAX_BYTES,
      // onRequest, after the link's own checks (token, CSRF, limits): an upload over the link's share is
      // refused before its 8 MB are read.
      onRequest: async (request, reply) =>
        enforceRateLimit(app, reply, 'courierPhotoPerToken', tokenKey(request.params.token)),
      schema: {
        tags: ['entregas'],
        summary: 'Foto de la entrega (JPEG, PNG o WebP, hasta 8 MB, en el cuerpo): devuelve su photo_id',
        params: tokenParamsSchema,
        response: { 201: courierPhotoResultSchema, ...COURIER_ERRORS, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await uploadProofPhoto(app.db, request.params.token, body, app.media);
      return reply.status(201).send(result);
    },
  );
};

/**
 * The link's own routes: never cached nor indexed (the order's address and phones, even a 404), and counted
 * per client and per link.
 */
const courierLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        COURIER_LINK_ROUTE_TABLE.set(`${method} ${route.url}`, { method, url: route.url });
    }
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
  });
  // onRequest, before any body is read (a photo is up to 8 MB): a malformed token is a 404 that counts
  // nothing (the params' schema says the same later), a forged state change a 403 (session.ts checks it
  // again before validation), and a caller over its share a 429.
  app.addHook('onRequest', async (request, reply) => {
    const { token } = request.params as { token?: string };
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) throw notFound();
    if (request.method !== 'GET' && request.method !== 'HEAD') enforceCsrf(request);
    await enforceRateLimit(app, reply, 'courierPerIp', clientKey(request.ip));
    await enforceRateLimit(app, reply, 'courierPerToken', tokenKey(token));
  });

  app.get(
    '/courier/:token/',
    {
      schema: {
        tags: ['entregas'],
        summary: 'El pedido que lleva el repartidor: dirección, teléfonos, bultos, intentos (sin el código)',
        params: tokenParamsSchema,
        response: { 200: courierStoreOrderSchema, ...COURIER_ERRORS },
      },
    },
    async (request) => getCourierStoreOrder(app.db, request.params.token),
  );

  app.post(
    '/courier/:token/picked-up/',
    {
      schema: {
        tags: ['entregas'],
        summary: "'Retiré el pedido': en camino",
        params: tokenParamsSchema,
        response: { 200: courierStoreOrderSchema, ...COURIER_ERRORS },
      },
    },
    async (request) => pickUpFlow(app.db, request.params.token),
  );

  app.post(
    '/courier/:token/arrived/',
    {
      schema: {
        tags: ['entregas'],
        summary: "'Llegué': el repartidor está en la puerta; la familia lo ve en su seguimiento",
        params: tokenParamsSchema,
        response: { 200: courierStoreOrderSchema, ...COURIER_ERRORS },
      },
    },
    async (request) => courierArrivedFlow(app.db, request.params.token),
  );

  app.post(
    '/courier/:token/delivered/',
    {
      schema: {
        tags: ['entregas'],
        summary: "'Entregado': quién lo recibió, el código de 4 dígitos y la foto (opcional)",
        params: tokenParamsSchema,
        body: courierDeliveredInputSchema,
        response: { 200: courierStoreOrderSchema, ...COURIER_ERRORS },
      },
    },
    async (request) =>
      deliverByLinkFlow(app.db, request.params.token, request.body, {
        publicUrl: app.publicUrl,
        kickMailWorker: () => app.kickMailWorker(),
        media: app.media,
      }),
  );

  app.post(
    '/courier/:token/attempts/',
    {
      schema: {
        tags: ['entregas'],
        summary: "'No pude entregar': el motivo y una nota (obligatoria con 'Otro')",
        params: tokenParamsSchema,
        body: courierAttemptInputSchema,
        response: { 200: courierStoreOrderSchema, ...COURIER_ERRORS },
      },
    },
    async (request) =>
      deliveryAttemptFlow(app.db, request.params.token, request.body, {
        publicUrl: app.publicUrl,
        kickMailWorker: () => app.kickMailWorker(),
      }),
  );

  await app.register(courierPhotoRoutes);
};

/**
 * The courier's link (issue 17): no account, the token in the path is the credential. State changes carry
 * the visitor's CSRF token like every anonymous POST (session.ts: the double-submit cookie from
 * `GET /v1/csrf-token/` and X-CSRFToken, from our own origin).
 */
export const courierRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(courierLinkRoutes);

  // The remitter's own proof photo, under their order (Mis Compras).
  app.get(
    '/orders/:number/store-orders/:storeOrderNumber/proof-photo',
    {
      preValidation: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        requireActor(request);
      },
      schema: {
        tags: ['pedidos'],
        summary: 'La foto de la entrega de un pedido propio',
        params: z.object({
          number: z.string().regex(/^MV-[1-9]\d{0,11}$/),
          storeOrderNumber: storeOrderNumberSchema,
        }),
        response: { 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendPhoto(
        reply,
        await readRemitterProofPhoto(
          app.db,
          request.actor,
          app.media,
          request.params.number,
          request.params.storeOrderNumber,
        ),
      ),
  );
};

/** Registered inside the merchant portal's plugin, whose hook already refused visitors and non-members. */
export const merchantCourierRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = idParamsSchema.extend({ number: storeOrderNumberSchema });

  app.post(
    '/stores/:id/orders/:number/deliver/',
    {
      schema: {
        tags: ['comercio'],
        summary: 'Entregar en el mostrador con el código de 4 dígitos y el nombre de quien retira',
        params,
        body: counterDeliverInputSchema,
        response: {
          200: staffStoreOrderSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          423: apiErrorSchema,
        },
      },
    },
    async (request) =>
      deliverAtCounterFlow(app.db, request.actor, request.params.id, request.params.number, request.body, {
        publicUrl: app.publicUrl,
        kickMailWorker: () => app.kickMailWorker(),
      }),
  );

  app.get(
    '/stores/:id/orders/:number/proof-photo',
    {
      schema: {
        tags: ['comercio'],
        summary: 'La foto de la entrega de un pedido de la tienda',
        params,
        response: { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendPhoto(
        reply,
        await readStoreProofPhoto(app.db, request.actor, app.media, request.params.id, request.params.number),
      ),
  );
};

/** Registered inside the back office's plugin, whose hook already required an operator. */
export const adminCourierRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = z.object({ number: storeOrderNumberSchema });

  app.post(
    '/store-orders/:number/courier-link/reopen/',
    {
      config: { permission: 'order:operate' },
      schema: {
        tags: ['administración'],
        summary: 'Reabrir el enlace de entrega bloqueado por códigos incorrectos',
        params,
        response: {
          200: staffStoreOrderSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => reopenCourierLink(app.db, request.actor, request.params.number, app.publicUrl),
  );

  app.get(
    '/store-orders/:number/proof-photo',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: ['administración'],
        summary: 'La foto de la entrega de cualquier pedido de tienda',
        params,
        response: { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendPhoto(reply, await readOperatorProofPhoto(app.db, request.actor, app.media, request.params.number)),
  );
};
