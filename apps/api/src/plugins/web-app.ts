import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { CITY_COOKIE, parseCityCookie } from '@mandado/shared/city-cookie';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { isStaffAppPath, isStaffAreaPath } from '@mandado/shared/staff-routes';
import { ADDRESS_KNOWN_CLASS, ADDRESS_KNOWN_COOKIE } from '@mandado/shared/web-page-data';
import { isWebAppPath } from '@mandado/shared/web-routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type CatalogCaches, createCatalogCaches } from '../modules/catalog/catalog.service.ts';
import { createRecentReads } from '../modules/web-pages/recent-reads.ts';
import { renderHeadTags, withPageHead } from '../modules/web-pages/web-page-head.presenter.ts';
import { withSiteData } from '../modules/web-pages/web-page-site-data.service.ts';
import { describeWebPage, type WebPageHead } from '../modules/web-pages/web-pages.service.ts';
import { createPageCompressor } from './compressed-pages.ts';
import {
  loadPageRenderer,
  loadStylesheetLinks,
  renderedOncePerMinute,
  renderWithinBudget,
  withPageMarkup,
} from './web-page-markup.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The staff app's hashed files: its build's base is /staff/ (apps/staff/vite.config.ts). */
const STAFF_ASSETS_PREFIX = '/staff/assets/';

/**
 * A page's HTML compressed as the browser accepts it. @fastify/compress hooks only the declared routes, and
 * pages are answered by the not-found handler: a store page's HTML carries its catalog (decision 066), ~30 KB
 * that brotli at a fast level makes ~5 KB in about a millisecond, once per distinct page (decision 087).
 */
/** The page's `<html>` with ADDRESS_KNOWN_CLASS (address-offer.css hides the bar under it). */
function withAddressKnown(html: string): string {
  return html.replace(/<html(\s[^>]*)?>/, (tag) => `${tag.slice(0, -1)} class="${ADDRESS_KNOWN_CLASS}">`);
}

function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  html: string,
  compress: ReturnType<typeof createPageCompressor>,
) {
  reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip', 'identity']);
  if (encoding === 'br' || encoding === 'gzip') {
    reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
    return reply.send(compress(html, encoding));
  }
  return reply.send(html);
}

/**
 * Serves the built React apps: hashed assets with a year-long immutable cache, everything else with
 * revalidation (robots.txt among them), and index.html for the app's page routes so they survive a reload.
 * Any other page path gets index.html too, whose router shows the 404 page, but with status 404 so crawlers
 * and tools see what the shopper sees (decision 014). A store's catalog page whose store no approved store
 * is gets 404 too (issue 16), as its page shows the 404 page. Unknown /v1 paths stay JSON 404s.
 * The browse pages (home, /stores, a store's catalog, a product, the search results) get their own head:
 * title, description, canonical URL, Open Graph tags, JSON-LD, and the data their first render needs
 * (decision 066, issue 30); a product or store that does not exist answers 404 with the 404 page.
 * The staff app (issue 17) owns /comercio, /admin and /entrega and everything under them: its own index.html
 * there (200 for its pages, 404 for any other path of those areas) and its assets under /staff/assets/.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string | null,
  staffDistDir: string | null = null,
  // The catalog routes' own caches (app.ts): the pages read the same catalogs and searches.
  catalogCaches: CatalogCaches = createCatalogCaches(),
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

  // Read once: every browse page is this file with its own head (decision 066).
  const indexTemplate = hasWebApp && indexFile ? readFileSync(indexFile, 'utf8') : '';
  const productsOfStoreCache = catalogCaches.productsOfStore;
  const compressPage = createPageCompressor();
  // Home's cities and the results page's first page of results, embedded for their markup (decision 083).
  const browsePageReads = { searchIndex: catalogCaches.searchIndex, recent: createRecentReads() };
  // The shop's server entry, when built: the browse pages' markup (decision 079).
  const renderer = hasWebApp && distDir ? await loadPageRenderer(distDir, app.log) : null;
  const renderPage = renderer ? renderedOncePerMinute(renderer) : null;
  const stylesheetLinks = renderer && distDir ? loadStylesheetLinks(distDir) : () => '';
  const describe = async (request: FastifyRequest, pathname: string): Promise<WebPageHead | null> => {
    try {
      const search = new URLSearchParams(request.url.slice(pathname.length + 1));
      const cityId = parseCityCookie(request.cookies[CITY_COOKIE]);
      const head = await describeWebPage(
        app.db,
        productsOfStoreCache,
        { pathname, search },
        { cityId },
        browsePageReads,
      );
      return head && (await withSiteData(app.db, head));
    } catch (error) {
      // The page's head is a bonus over the app, which asks for its own data: a failing database still
      // gets the shell (whose calls then show their own error), never a 500 page.
      request.log.error({ err: error }, 'web page head failed');
      return null;
    }
  };

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
    const head = isWebAppPath(pathname) ? await describe(request, pathname) : null;
    if (head) {
      const html = withPageHead(indexTemplate, renderHeadTags(head, app.publicUrl));
      const rendered =
        renderPage && head.status === 200 && request.method === 'GET' && !head.shellOnly
          ? await renderWithinBudget(
              (url, data) => renderPage(url, data, head.siteData),
              request.url,
              [...head.data, ...head.cityData],
              request.log,
            )
          : null;
      const page = rendered ? withPageMarkup(html, rendered.markup, stylesheetLinks(rendered.modules)) : html;
      // Per request, outside the cached markup: the address bar in it is not painted for a browser that
      // already has an address (decision 085).
      const known = rendered !== null && request.cookies[ADDRESS_KNOWN_COOKIE] === '1';
      return sendHtml(request, reply, head.status, known ? withAddressKnown(page) : page, compressPage);
    }
    return reply
      .status(isWebAppPath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html')
      .sendFile('index.html');
  });
}
