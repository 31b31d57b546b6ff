import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

export type PageEncoding = 'br' | 'gzip';

/** How many compressed pages are kept (the most recently sent): a store page is ~10 KB compressed. */
const COMPRESSED_PAGE_ENTRIES = 200;

/**
 * A browse page's HTML compressed once per distinct body (decision 087). The same page is the same string
 * while its data and markup stay (the catalog caches and the markup cache, decisions 079 and 087), and
 * compressing a store page costs about a millisecond of the event loop per request, where the SHA-1 of the
 * string that keys it costs a tenth of that. The key is the body itself, so nothing can be sent stale:
 * any change of the HTML is a new entry.
 */
export function createPageCompressor(): (html: string, encoding: PageEncoding) => Buffer {
  const entries = new Map<string, Buffer>();
  return (html, encoding) => {
    const key = `${encoding}:${createHash('sha1').update(html).digest('base64')}`;
    const hit = entries.get(key);
    if (hit) {
      // Most recently used last, so the oldest is the one dropped when the cache is full.
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    // Brotli at a fast level: ~30 KB of catalog JSON becomes ~5 KB in about a millisecond (decision 066).
    const body =
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(html);
    entries.set(key, body);
    if (entries.size > COMPRESSED_PAGE_ENTRIES) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    return body;
  };
}
