import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@mandado/shared/messages';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built React app: hashed assets with a year-long immutable cache, everything else with
 * revalidation, and index.html for any other GET outside /v1 so client routes survive a reload.
 * Unknown /v1 paths stay JSON 404s.
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

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/v1' || request.url.startsWith('/v1/');
    if (isApi || !hasWebApp || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ detail: MESSAGES.routeNotFound });
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
