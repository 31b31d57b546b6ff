import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { storeHoursInputSchema } from '@mandado/shared/store-hours.schemas';
import { merchantStoreProfileSchema, storeProfileInputSchema } from '@mandado/shared/store-profile.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../authorization.ts';
import { notFound } from '../../http-errors.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import { registerImageBodyParser, sendUploadedImage } from '../media/image-body.ts';
import { IMAGE_MAX_BYTES } from '../media/image-intake.ts';
import { parseVariantSuffix } from '../media/image-variants.ts';
import {
  getStoreProfile,
  readStoreLogo,
  saveStoreHours,
  saveStoreProfile,
  uploadStoreLogo,
} from './store-profile.service.ts';

const TAGS = ['comercio'];
const ERRORS = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * The store's profile, logo and hours (issue 18, decision 047), inside /v1/merchant (its hook admits store
 * members only and marks answers no-store); the services let owners alone change them.
 */
export const storeProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerImageBodyParser(app);

  app.get(
    '/stores/:id/profile/',
    {
      schema: {
        tags: TAGS,
        summary: 'Nombre, teléfono, dirección con su punto, logo y horario de la tienda',
        params: idParamsSchema,
        response: { 200: merchantStoreProfileSchema, ...ERRORS },
      },
    },
    async (request) => getStoreProfile(app.db, requireActor(request), request.params.id),
  );

  app.put(
    '/stores/:id/profile/',
    {
      schema: {
        tags: TAGS,
        summary:
          'Cambia nombre, teléfono, dirección y punto (409 si el nombre ya es de otra tienda); solo dueños',
        params: idParamsSchema,
        body: storeProfileInputSchema,
        response: { 200: merchantStoreProfileSchema, ...ERRORS, 409: apiErrorSchema },
      },
    },
    async (request) => saveStoreProfile(app.db, requireActor(request), request.params.id, request.body),
  );

  app.put(
    '/stores/:id/hours/',
    {
      schema: {
        tags: TAGS,
        summary: 'El horario por día (hora de Montevideo; null: sin horario, siempre abierta); solo dueños',
        params: idParamsSchema,
        body: storeHoursInputSchema,
        response: { 200: merchantStoreProfileSchema, ...ERRORS },
      },
    },
    async (request) => saveStoreHours(app.db, requireActor(request), request.params.id, request.body),
  );

  app.post(
    '/stores/:id/logo/',
    {
      bodyLimit: IMAGE_MAX_BYTES,
      schema: {
        tags: TAGS,
        summary: 'Cambia el logo (JPEG, PNG o WebP, hasta 8 MB, en el cuerpo); solo dueños',
        params: idParamsSchema,
        response: { 200: merchantStoreProfileSchema, ...ERRORS, 413: apiErrorSchema },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return uploadStoreLogo(app.db, requireActor(request), request.params.id, body, app.media);
    },
  );
};

const logoParamsSchema = z.object({
  storeId: idParamsSchema.shape.id,
  // The photo as uploaded, or one of its widths and formats for srcset (issue 30): `<uuid>-w320.avif`.
  file: z.string().regex(/^[0-9a-f-]{36}(?:\.webp|-w\d{2,4}\.(?:avif|webp))$/),
});

/** Logos owners uploaded: public like the stores, and never changing (a new logo, a new name). */
export const storeLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/logos/:storeId/:file',
    {
      schema: { tags: ['medios'], summary: 'Logo subido por la tienda', params: logoParamsSchema },
    },
    async (request, reply) => {
      const fileId = request.params.file.slice(0, 36);
      const suffix = request.params.file.slice(36);
      const variant = suffix === '.webp' ? null : parseVariantSuffix(suffix);
      if (suffix !== '.webp' && !variant) throw notFound();
      const file = await readStoreLogo(app.media, request.params.storeId, fileId, variant);
      if (!file) throw notFound();
      return sendUploadedImage(reply, file);
    },
  );
};
