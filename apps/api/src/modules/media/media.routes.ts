import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http-errors.ts';
import { getMediaFile } from './media.service.ts';

const MEDIA_KEY = /^[a-z0-9][a-z0-9/_-]*\.svg$/;

/** Images we serve ourselves (product pictures, store logos), stored in the database so every instance has them. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
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
