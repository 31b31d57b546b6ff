import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSitemapCache } from './sitemap.service.ts';

/**
 * robots.txt, served here rather than as a file of the built web app so it can name the sitemap by its
 * absolute address on the configured origin (PUBLIC_URL), which a static file cannot know. The shop is
 * public; accounts, checkout, the cart, the staff app and the API are not for crawlers.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    '# Mandado: the shop is public; accounts, checkout, the cart, the staff app and the API are not for crawlers.',
    'User-agent: *',
    'Allow: /',
    'Disallow: /v1/',
    'Disallow: /user',
    'Disallow: /checkout',
    'Disallow: /cart',
    'Disallow: /password-reset',
    'Disallow: /comercio',
    'Disallow: /admin',
    'Disallow: /entrega/',
    '',
    `Sitemap: ${publicUrl.replace(/\/+$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Issue 30 item 4: /sitemap.xml (stores and products on sale, rebuilt per catalog revision) and robots.txt. */
export const crawlerRoutes: FastifyPluginAsyncZod = async (app) => {
  const sitemap = createSitemapCache(app.publicUrl);
  const robots = robotsTxt(app.publicUrl);

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const current = await sitemap.get(app.db);
    if (current.leftOut > 0) {
      request.log.warn({ leftOut: current.leftOut }, 'sitemap cut at the protocol limit of 50,000 URLs');
    }
    const etag = `"${createHash('sha1').update(`${current.revision}|${app.publicUrl}`).digest('base64url')}"`;
    // Revalidated on each visit: a crawler that has the current revision gets a 304 for one small read.
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/xml; charset=utf-8').send(current.xml);
  });
};
