import { lazy, Suspense } from 'react';
import { lazyWithReload } from '../../lib/lazy-with-reload.ts';

// The footer is below the fold on every page, so it is not part of the first load.
const SiteFooter = lazy(
  lazyWithReload(() => import('./site-footer.tsx').then((module) => ({ default: module.SiteFooter }))),
);

export function DeferredSiteFooter() {
  return (
    <Suspense fallback={<div className="site-footer site-footer--placeholder" />}>
      <SiteFooter />
    </Suspense>
  );
}
