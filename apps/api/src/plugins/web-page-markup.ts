import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageDataEntry } from '@mandado/shared/web-page-data';
import type { FastifyBaseLogger } from 'fastify';

/** A browse page's markup and the source files of its lazy layout and page (apps/web-relative). */
export interface RenderedPage {
  markup: string;
  modules: readonly string[];
}

/**
 * The shop's server entry (apps/web/src/entry-server.tsx): a browse page's markup, or null for the shell.
 * `siteData`: the entries every page embeds (the promo banner, decision 085), beside the page's own.
 */
export type RenderPage = (
  url: string,
  data: readonly PageDataEntry[],
  siteData?: readonly PageDataEntry[],
) => Promise<RenderedPage | null>;

/**
 * How long a page's markup may take before the shell is sent instead (decision 079). The render itself is
 * synchronous and takes a few milliseconds; what can wait is the first load of a page's modules.
 */
export const RENDER_BUDGET_MS = 250;

/** Where `vite build --ssr` writes the entry: dist-server/ beside the shop's dist/ (apps/web/vite.config.ts). */
export function serverEntryPath(webDistDir: string): string {
  return path.join(path.dirname(webDistDir), 'dist-server', 'entry-server.js');
}

/**
 * The built server entry when there is one (a build without it, or an API test's stand-in dist, serves the
 * empty shell as before). Loaded once at start; a broken file is logged and the shell served.
 */
export async function loadPageRenderer(
  webDistDir: string,
  log: FastifyBaseLogger,
): Promise<RenderPage | null> {
  const file = serverEntryPath(webDistDir);
  if (!existsSync(file)) return null;
  try {
    const entry = (await import(pathToFileURL(file).href)) as { renderPage?: unknown };
    if (typeof entry.renderPage !== 'function') throw new Error('no renderPage export');
    return entry.renderPage as RenderPage;
  } catch (error) {
    log.error({ err: error, file }, 'web page renderer failed to load');
    return null;
  }
}

/**
 * A page's markup within the budget, or null: a render that throws or is late costs the page its head
 * start, never a 500 (the browser renders the shell as before).
 */
export async function renderWithinBudget(
  render: RenderPage,
  url: string,
  data: readonly PageDataEntry[],
  log: FastifyBaseLogger,
  budgetMs = RENDER_BUDGET_MS,
): Promise<RenderedPage | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      log.warn({ url, budgetMs }, 'web page render over budget: shell sent');
      resolve(null);
    }, budgetMs);
  });
  try {
    return await Promise.race([render(url, data), late]);
  } catch (error) {
    log.error({ err: error, url }, 'web page render failed: shell sent');
    return null;
  } finally {
    clearTimeout(timer);
  }
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The stylesheets of a rendered page's lazy chunks, read from the shop build's manifest
 * (dist/.vite/manifest.json): the markup paints before those chunks load, so without their stylesheets in
 * the head it would paint unstyled and shift when they arrive. The entry's own stylesheet is already in
 * index.html. No manifest (a stand-in dist): no links.
 */
export function loadStylesheetLinks(webDistDir: string): (modules: readonly string[]) => string {
  let manifest: Record<string, ManifestChunk> = {};
  try {
    manifest = JSON.parse(readFileSync(path.join(webDistDir, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return () => '';
  }
  return (modules) => {
    const files = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key) || chunk.isEntry) return;
      seen.add(key);
      for (const css of chunk.css ?? []) files.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const module of modules) visit(module);
    return [...files].map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`).join('\n    ');
  };
}

/**
 * index.html with the page's markup in its root element and its stylesheet links last in the head; a
 * template without the empty root stays as is.
 */
export function withPageMarkup(html: string, markup: string, headLinks = ''): string {
  const root = '<div id="root"></div>';
  const at = html.indexOf(root);
  if (at === -1) return html;
  const withBody = `${html.slice(0, at)}<div id="root">${markup}</div>${html.slice(at + root.length)}`;
  const headEnd = withBody.indexOf('</head>');
  if (!headLinks || headEnd === -1) return withBody;
  return `${withBody.slice(0, headEnd)}  ${headLinks}\n  ${withBody.slice(headEnd)}`;
}

/** How many pages' markup the cache keeps (the most recently served): a few MB at most. */
const MARKUP_CACHE_ENTRIES = 500;

/**
 * A digest of each embedded value, remembered per object: the page data comes from the catalog caches
 * (decision 087), which hand out the same objects while the catalog stays, so a hit hashes a few bytes of
 * URL instead of a store's whole catalog. A new object (new data, or a value built per request) is hashed
 * once. A cached value is never mutated (the caches replace their entries), so its digest stays true.
 */
const digests = new WeakMap<object, string>();

function digestOf(value: unknown): string {
  const memoizable = typeof value === 'object' && value !== null;
  const known = memoizable ? digests.get(value) : undefined;
  if (known) return known;
  const digest = createHash('sha1')
    .update(JSON.stringify(value) ?? '')
    .digest('base64');
  if (memoizable) digests.set(value, digest);
  return digest;
}

/** The markup cache's key: the URL and each entry's key and value digest. */
export function markupKey(url: string, data: readonly PageDataEntry[]): string {
  const hash = createHash('sha1').update(url);
  for (const entry of data) hash.update(`\n${JSON.stringify(entry.key)}=${digestOf(entry.value)}`);
  return hash.digest('base64');
}

/**
 * The same page with the same data renders the same markup within a minute, so it is rendered once a
 * minute: the key is the URL and the embedded data (a store's catalog changes its revision, hence its
 * data), and an entry lives until the minute turns, because a store's header says whether it is open now
 * (minutes, Montevideo time) and a stale line would not match the browser's hydration. A render costs
 * milliseconds of the event loop (decision 079); a hit costs a hash of the URL and the data's digests.
 * Requests arriving while a page renders await that render (decision 087): at a minute's turn ten
 * connections cost one render, not ten.
 */
export function renderedOncePerMinute(render: RenderPage, now: () => number = Date.now): RenderPage {
  const entries = new Map<string, { minute: number; page: Promise<RenderedPage | null> }>();
  return (url, data, siteData = []) => {
    const minute = Math.floor(now() / 60_000);
    // The site's data (the promo banner) is part of the key: a banner switched off or changed is not served
    // from a markup rendered with the old one (decision 085).
    const key = markupKey(url, [...data, ...siteData]);
    const hit = entries.get(key);
    if (hit && hit.minute === minute) {
      // Most recently used last, so the oldest is the one dropped when the cache is full.
      entries.delete(key);
      entries.set(key, hit);
      return hit.page;
    }
    const page = render(url, data, siteData);
    // A failed render is not kept: the next request tries again (and gets the shell meanwhile).
    page.catch(() => {
      if (entries.get(key)?.page === page) entries.delete(key);
    });
    entries.delete(key);
    entries.set(key, { minute, page });
    if (entries.size > MARKUP_CACHE_ENTRIES) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    return page;
  };
}
