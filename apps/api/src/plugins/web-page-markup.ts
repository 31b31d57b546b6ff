import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageDataEntry } from '@mandado/shared/web-page-data';
import type { FastifyBaseLogger } from 'fastify';

/** The shop's server entry (apps/web/src/entry-server.tsx): a browse page's markup, or null for the shell. */
export type RenderPage = (url: string, data: readonly PageDataEntry[]) => Promise<string | null>;

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
): Promise<string | null> {
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

/** index.html with the page's markup in its root element; a template without the empty root stays as is. */
export function withPageMarkup(html: string, markup: string): string {
  const root = '<div id="root"></div>';
  const at = html.indexOf(root);
  if (at === -1) return html;
  return `${html.slice(0, at)}<div id="root">${markup}</div>${html.slice(at + root.length)}`;
}
