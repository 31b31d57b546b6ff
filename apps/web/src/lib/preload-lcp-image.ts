import { IMAGE_SIZES, imageSources } from './image-srcset.ts';

/**
 * Issue 30 item 3: the page's largest paint is its first product photo (the first card, or the detail photo).
 * Its address is known once the data the start prefetches arrives, usually while the page's own chunk is
 * still downloading; a preload with `fetchpriority=high` starts the photo then instead of at the first render.
 * The preload names the same AVIF srcset and sizes as the <picture>, so the browser reuses what it fetched
 * (a browser without AVIF skips it by its type). One per load; nothing on a server (no document), nor
 * when the page already has a high-priority image preload.
 */
export function preloadLcpImage(url: string | undefined, slot: keyof typeof IMAGE_SIZES): void {
  if (!url || typeof document === 'undefined') return;
  // A server-rendered page (decision 079) has the photo in its HTML and React's own preload of it.
  if (
    document.querySelector('link[data-lcp-preload], link[rel="preload"][as="image"][fetchpriority="high"]')
  ) {
    return;
  }
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.fetchPriority = 'high';
  link.dataset.lcpPreload = '';
  const sources = imageSources(url);
  if (sources) {
    link.type = 'image/avif';
    link.imageSrcset = sources.avif;
    link.imageSizes = IMAGE_SIZES[slot];
  }
  link.href = url;
  document.head.append(link);
}
