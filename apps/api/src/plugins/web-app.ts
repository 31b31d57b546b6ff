import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@mandado/shared/messages';
import { isWebAppPath, storeSegmentOf } from '@mandado/shared/web-routes';
import type { FastifyInstance } from 'fastify';
import { isKnownStoreSlug } from '../modules/stores/stores.service.ts';

/**
 * Serves the built React app: hashed assets with a year-long immutable cache, everything else with
 * revalidation (robots.txt among them), and index.html for the app's page routes so they survive a reload.
 * Any other page path gets index.html too, whose router shows the 404 page, but with status 404 so crawlers
 * and tools see what the shopper sees (decision 014). A store's catalog page whose store no approved store
 * is gets 404 too (issue 16), as its page shows the 404 page. Unknown /v1 paths stay JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | null): Promise<void> {
  const distDir = webDistDir === null ? null : path.resolve(webDistDir);
  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  const hasWebApp = indexFile !== null && existsSync(indexFile);
  if (hasWebApp && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/v1' || request.url.startsWith('/v1/');
    if (isApi || !hasWebApp || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ detail: MESSAGES.routeNotFound });
    }
    const pathname = request.url.split('?')[0] ?? '/';
    const storeSlug = storeSegmentOf(pathname);
    const known =
      isWebAppPath(pathname) && (storeSlug === null || (await isKnownStoreSlug(app.db, storeSlug)));
    return reply
      .status(known ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html')
      .sendFile('index.html');
  });
}
