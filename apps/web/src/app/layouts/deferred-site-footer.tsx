import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

// The footer is below the fold on every page (the page is at least a viewport tall), so it loads when the
// shopper scrolls near it, not with the page: a visit that never scrolls never downloads it.
const SiteFooter = lazy(
  lazyWithReload(() => import('./site-footer.tsx').then((module) => ({ default: module.SiteFooter }))),
);

/**
 * It loads as soon as any of it enters the viewport: the page's top menu alone keeps it out at rest, and the
 * placeholder holds its height, so nothing below shifts when it arrives.
 */
const LOAD_MARGIN = '0px';

export function DeferredSiteFooter() {
  const placeholder = useRef<HTMLDivElement>(null);
  // Not near at first even where IntersectionObserver is missing: the server renders the placeholder
  // (decision 079), and a browser's first render must match it; such a browser gets the footer right after.
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const fallback = <div ref={placeholder} className="site-footer site-footer--placeholder" />;
  if (!near) return fallback;
  return (
    <Suspense fallback={<div className="site-footer site-footer--placeholder" />}>
      <SiteFooter />
    </Suspense>
  );
}
