import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  courierReturnSchema,
  newReturnSchema,
  returnPhotoSchema,
  returnPickupSchema,
  returnRequestSchema,
  returnsOverviewSchema,
} from '@mandado/shared/returns-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelReturnFlow,
  familyReturnsFlow,
  remitterReturnsFlow,
  requestReturnByFamilyFlow,
  requestReturnByRemitterFlow,
} from '../../flows/request-return.flow.ts';
import { courierReturnFlow, returnPickedUpFlow } from '../../flows/return-picked-up.flow.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { registerImageBodyParser } from '../media/image-body.ts';
import { IMAGE_MAX_BYTES } from '../media/image-intake.ts';
import {
  photoForReader,
  sendReturnPhoto,
  uploadFamilyPhoto,
  uploadRemitterPhoto,
} from './return-photos.service.ts';

/** A group's number as we write them (MV-10234); anything else is a request for nothing we have. */
const orderParams = z.object({ number: z.string().regex(/^MV-[1-9]\d{0,11}$/) });
const returnParams = orderParams.extend({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
});
/** Tracking and courier tokens: 32 random bytes in base64url, 43 characters. */
const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

const ERRORS = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  423: apiErrorSchema,
  429: apiErrorSchema,
};

const TAGS = ['devoluciones'];

/** Only the upload routes take a raw image body (content-type parsers are scoped); the others stay JSON. */
const returnPhotoUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerImageBodyParser(app);
  const bytesOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
  app.post(
    '/orders/:number/returns/photos/',
    {
      bodyLimit: IMAGE_MAX_BYTES,
      schema: {
        tags: TAGS,
        summary:
          'Foto opcional de una devolución (JPEG, PNG o WebP, hasta 8 MB, en el cuerpo): devuelve su photoId',
        params: orderParams,
        response: { 201: returnPhotoSchema, ...ERRORS, 413: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await uploadRemitterPhoto(
            app.db,
            app.media,
            request.actor,
            request.params.number,
            bytesOf(request.body),
          ),
        ),
  );
  app.post(
    '/tracking/:token/returns/photos/',
    {
      bodyLimit: IMAGE_MAX_BYTES,
      preHandler: rateLimit(app, 'tracking'),
      schema: {
        tags: TAGS,
        summary: 'Seguimiento: foto opcional de una devolución (sin sesión): devuelve su photoId',
        params: tokenParams,
        response: { 201: returnPhotoSchema, ...ERRORS, 413: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await uploadFamilyPhoto(app.db, app.media, request.params.token, bytesOf(request.body))),
  );
};

/**
 * Returns (issue 32 item 1, decision 076): the remitter's ('Mis Compras', signed in, their own order), the
 * family's (the tracking link is the credential) and the courier's reverse pickup (its own link). Never
 * cached nor indexed: they carry the pickup code and the family's address.
 */
export const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
  });
  const deps = () => ({
    publicUrl: app.publicUrl,
    kickMailWorker: () => app.kickMailWorker(),
    kickPushWorker: () => app.kickPushWorker(),
    kickRefundWorker: () => app.kickRefundWorker(),
    media: app.media,
  });
  await app.register(returnPhotoUploadRoutes);

  app.get(
    '/orders/:number/returns/:id/photo/',
    {
      schema: {
        tags: TAGS,
        summary: 'La foto de una devolución de un pedido propio',
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
          { kind: 'remitter', actor: request.actor, number: request.params.number },
          request.params.id,
        ),
      ),
  );

  app.get(
    '/tracking/:token/returns/:id/photo/',
    {
      preHandler: rateLimit(app, 'tracking'),
      schema: {
        tags: TAGS,
        summary: 'Seguimiento: la foto de una devolución (sin sesión)',
        params: tokenParams.extend({ id: returnParams.shape.id }),
        response: { 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendReturnPhoto(
        reply,
        await photoForReader(
          app.db,
          app.media,
          { kind: 'family', token: request.params.token },
          request.params.id,
        ),
      ),
  );

  app.get(
    '/orders/:number/returns/',
    {
      schema: {
        tags: TAGS,
        summary: 'Mis Compras: qué se puede devolver de la compra, hasta cuándo, y las devoluciones pedidas',
        params: orderParams,
        response: { 200: returnsOverviewSchema, ...ERRORS },
      },
    },
    async (request) => remitterReturnsFlow(app.db, request.actor, request.params.number),
  );

  app.post(
    '/orders/:number/returns/',
    {
      schema: {
        tags: TAGS,
        summary: 'Pedir la devolución de productos entregados (5 días hábiles, Ley 17.250 art. 16)',
        params: orderParams,
        body: newReturnSchema,
        response: { 201: returnRequestSchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await requestReturnByRemitterFlow(
            app.db,
            request.actor,
            request.params.number,
            request.body,
            deps(),
          ),
        ),
  );

  app.post(
    '/orders/:number/returns/:id/cancel/',
    {
      schema: {
        tags: TAGS,
        summary: 'Cancelar una devolución que la tienda todavía no respondió',
        params: returnParams,
        response: { 200: returnRequestSchema, ...ERRORS },
      },
    },
    async (request) => cancelReturnFlow(app.db, request.actor, request.params.number, request.params.id),
  );

  app.get(
    '/tracking/:token/returns/',
    {
      preHandler: rateLimit(app, 'tracking'),
      schema: {
        tags: TAGS,
        summary:
          'Seguimiento: qué se puede devolver y las devoluciones pedidas (enlace de la familia, sin sesión)',
        params: tokenParams,
        response: { 200: returnsOverviewSchema, ...ERRORS },
      },
    },
    async (request) => familyReturnsFlow(app.db, request.params.token),
  );

  app.post(
    '/tracking/:token/returns/',
    {
      preHandler: rateLimit(app, 'tracking'),
      schema: {
        tags: TAGS,
        summary: 'Seguimiento: la familia pide devolver productos entregados (sin sesión)',
        params: tokenParams,
        body: newReturnSchema,
        response: { 201: returnRequestSchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await requestReturnByFamilyFlow(app.db, request.params.token, request.body, deps())),
  );

  app.get(
    '/courier-returns/:token/',
    {
      preHandler: rateLimit(app, 'tracking'),
      schema: {
        tags: TAGS,
        summary:
          'Retiro de una devolución: dónde retirar, qué productos y a qué tienda llevarlos (sin cuenta)',
        params: tokenParams,
        response: { 200: courierReturnSchema, ...ERRORS },
      },
    },
    async (request) => courierReturnFlow(app.db, request.params.token),
  );

  app.post(
    '/courier-returns/:token/picked-up/',
    {
      preHandler: rateLimit(app, 'tracking'),
      schema: {
        tags: TAGS,
        summary: 'Retiro de una devolución: retirado, con el código que da la familia (422 si no coincide)',
        params: tokenParams,
        body: returnPickupSchema,
        response: { 200: courierReturnSchema, ...ERRORS },
      },
    },
    async (request) => returnPickedUpFlow(app.db, request.params.token, request.body.code),
  );
};
