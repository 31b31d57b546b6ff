import type { PageDataEntry } from '@mandado/shared/web-page-data';
import { createQueryClient } from '@mandado/web-kit/query-client.ts';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/app.tsx';
import { preloadRouteModules } from './app/router.tsx';

/** A browse page's markup and the source files of the lazy modules it holds (their stylesheets go in the head). */
export interface RenderedPage {
  markup: string;
  modules: readonly string[];
}

/**
 * The shop's server entry (decision 079), built by `vite build --ssr` into dist-server/ and loaded by the
 * API (plugins/web-page-markup.ts). It renders a browse page's markup from the same tree as the browser,
 * with a static router and a query cache holding only the data the page's HTML embeds, which is all the
 * browser's cache holds when it hydrates: both render the same markup. Null: not a server-rendered page, or
 * a render that did not complete (a Suspense boundary left to the browser), so the empty shell is served.
 */
export async function renderPage(
  url: string,
  data: readonly PageDataEntry[],
  siteData: readonly PageDataEntry[] = [],
): Promise<RenderedPage | null> {
  const pathname = url.split('?')[0] ?? '/';
  const modules = await preloadRouteModules(pathname);
  if (!modules) return null;
  const queryClient = createQueryClient();
  // The page's own data and the site's (the promo banner, decision 085): the browser seeds both alike.
  for (const entry of [...data, ...siteData]) queryClient.setQueryData([...entry.key], entry.value);
  try {
    const router = (routes: ReactNode) => <StaticRouter location={url}>{routes}</StaticRouter>;
    const markup = renderToString(<AppProviders queryClient={queryClient} router={router} />);
    // `<!--$!-->` marks a boundary the server gave up on, `<!--$?-->` one still waiting: not a first screen.
    if (markup.includes('<!--$!') || markup.includes('<!--$?')) return null;
    return { markup, modules };
  } finally {
    // The cache's queries hold garbage-collection timers; clearing them lets the request's data go now.
    queryClient.clear();
  }
}
