import { storeSlug } from '@mandado/shared/store-kinds';
import type { Database } from '../../db/database.ts';
import { listSitemapProducts, listSitemapStores, readSitemapRevision } from './sitemap.repository.ts';

/** The protocol's limit per file (sitemaps.org); past it the list is cut and the cut logged by the caller. */
export const SITEMAP_MAX_URLS = 50_000;

export interface Sitemap {
  /** The catalog revision it was built from; the route's ETag. */
  revision: string;
  xml: string;
  /** How many URLs the catalog had beyond SITEMAP_MAX_URLS (0 when all fit). */
  leftOut: number;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The page addresses a search engine should know (issue 30 item 4): each approved store's catalog page and
 * each product on sale's detail page, absolute on the public origin, in the same form the web app links them
 * (`/<store name without spaces>/products`, `/…/productDetails?id=`).
 */
export function sitemapUrls(
  origin: string,
  storeRows: ReadonlyArray<{ name: string }>,
  productRows: ReadonlyArray<{ id: number; storeName: string }>,
): string[] {
  const base = origin.replace(/\/+$/, '');
  const storePath = (name: string) => `${base}/${encodeURIComponent(storeSlug(name))}`;
  return [
    ...storeRows.map((store) => `${storePath(store.name)}/products`),
    ...productRows.map((product) => `${storePath(product.storeName)}/productDetails?id=${product.id}`),
  ];
}

export function sitemapXml(urls: readonly string[]): string {
  const entries = urls.map((url) => `<url><loc>${escapeXml(url)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

/**
 * Builds the sitemap once per catalog revision and keeps it in memory: a crawler's visits cost one small
 * read (the revision) until a store or a product changes. Several requests during a build share it. Nothing
 * of value lives here; another instance builds its own.
 */
export function createSitemapCache(origin: string) {
  let current: Promise<Sitemap> | null = null;
  let currentRevision: string | null = null;

  async function build(db: Database, revision: string): Promise<Sitemap> {
    const [storeRows, productRows] = await Promise.all([listSitemapStores(db), listSitemapProducts(db)]);
    const urls = sitemapUrls(origin, storeRows, productRows);
    return {
      revision,
      xml: sitemapXml(urls.slice(0, SITEMAP_MAX_URLS)),
      leftOut: Math.max(0, urls.length - SITEMAP_MAX_URLS),
    };
  }

  return {
    async get(db: Database): Promise<Sitemap> {
      const revision = await readSitemapRevision(db);
      if (current === null || currentRevision !== revision) {
        currentRevision = revision;
        const building = build(db, revision);
        current = building;
        // A failed build is not kept: the next request tries again.
        building.catch(() => {
          if (current === building) {
            current = null;
            currentRevision = null;
          }
        });
      }
      return current;
    },
  };
}
