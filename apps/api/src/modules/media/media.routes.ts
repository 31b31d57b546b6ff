import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http-errors.ts';
import { readLinkPreview } from './link-preview.ts';
import { getMediaFile } from './media.service.ts';

const MEDIA_KEY = /^[a-z0-9][a-z0-9/_-]*\.svg$/;
const PREVIEW_FILE = /^[a-z0-9][a-z0-9/_-]*\.png$/;

/** Images we serve ourselves (product pictures, store logos), stored in the database so every instance has them. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  // A demo drawing as a PNG for link previews (og:image): WhatsApp and Facebook show no SVG (decision 080).
  app.get(
    '/media/previews/*',
    {
      schema: {
        tags: ['medios'],
        summary: 'Vista previa PNG de un dibujo del catálogo de demostración, para compartir enlaces',
        params: z.object({ '*': z.string().max(200).regex(PREVIEW_FILE) }),
      },
    },
    async (request, reply) => {
      const file = await readLinkPreview(app.db, app.media, request.params['*'].slice(0, -'.png'.length));
      if (!file) throw notFound();
      return reply
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'")
        .header('x-content-type-options', 'nosniff')
        .type(file.contentType)
        .send(file.body);
    },
  );

  app.get(
    '/media/*',
    {
      schema: {
        tags: ['medios'],
        summary: 'Imagen de producto o logo de tienda',
        params: z.object({ '*': z.string().max(200).regex(MEDIA_KEY) }),
      },
    },
    async (request, reply) => {
      const file = await getMediaFile(app.db, request.params['*']);
      if (!file) throw notFound();
      const etag = `"${createHash('sha1').update(file.body).digest('base64url')}"`;
      reply
        .header('cache-control', 'public, max-age=86400')
        .header('etag', etag)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .type(file.contentType);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.send(file.body);
    },
  );
};
