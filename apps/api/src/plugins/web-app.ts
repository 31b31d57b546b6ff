import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { isStaffAppPath, isStaffAreaPath } from '@mandado/shared/staff-routes';
import { isWebAppPath, storeSegmentOf } from '@mandado/shared/web-routes';
import type { FastifyInstance } from 'fastify';
import { isKnownStoreSlug } from '../modules/stores/stores.service.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The staff app's hashed files: its build's base is /staff/ (apps/staff/vite.config.ts). */
const STAFF_ASSETS_PREFIX = '/staff/assets/';

/**
 * Serves the built React apps: hashed assets with a year-long immutable cache, everything else with
 * revalidation (robots.txt among them), and index.html for the app's page routes so they survive a reload.
 * Any other page path gets index.html too, whose router shows the 404 page, but with status 404 so crawlers
 * and tools see what the shopper sees (decision 014). A store's catalog page whose store no approved store
 * is gets 404 too (issue 16), as its page shows the 404 page. Unknown /v1 paths stay JSON 404s.
 * The staff app (issue 17) owns /comercio, /admin and /entrega and everything under them: its own index.html
 * there (200 for its pages, 404 for any other path of those areas) and its assets under /staff/assets/.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string | null,
  staffDistDir: string | null = null,
): Promise<void> {
  const distDir = webDistDir === null ? null : path.resolve(webDistDir);
  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  const hasWebApp = indexFile !== null && existsSync(indexFile);
  if (hasWebApp && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each hashed asset (packages/build-tools/src/vite-precompress.ts): sent as they are,
      // at brotli's best, with no compression per request; a file without them is compressed as before.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const staffDir = staffDistDir === null ? null : path.resolve(staffDistDir);
  const staffIndexFile = staffDir ? path.join(staffDir, 'index.html') : null;
  const hasStaffApp = staffIndexFile !== null && existsSync(staffIndexFile);
  const staffAssetsDir = staffDir ? path.join(staffDir, 'assets') : null;
  if (hasStaffApp && staffAssetsDir && existsSync(staffAssetsDir)) {
    // Only the assets folder: the staff index is answered at the areas' paths below, never at /staff/.
    await app.register(fastifyStatic, {
      root: staffAssetsDir,
      prefix: STAFF_ASSETS_PREFIX,
      wildcard: false,
      index: false,
      preCompressed: true,
      decorateReply: false,
      setHeaders(reply) {
        reply.header('cache-control', IMMUTABLE);
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/v1' || request.url.startsWith('/v1/');
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    const pathname = request.url.split('?')[0] ?? '/';
    if (!isApi && isPageRequest && hasStaffApp && staffIndexFile && isStaffAreaPath(pathname)) {
      return reply
        .status(isStaffAppPath(pathname) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html')
        .send(await readFile(staffIndexFile));
    }
    if (isApi || !hasWebApp || !isPageRequest) {
      return reply.status(404).send({ detail: SERVER_MESSAGES.routeNotFound });
    }
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
