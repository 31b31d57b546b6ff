import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { catalogRevision, products, storeCatalogRevisions, stores } from '../../db/schema/catalog.ts';

export interface SitemapStoreRow {
  id: number;
  name: string;
}

export interface SitemapProductRow {
  id: number;
  storeName: string;
}

/**
 * What the sitemap depends on, in one read: the global catalog revision (stores, cities, categories, products)
 * and the sum of the stores' own revisions (a merchant's product edits, decision 037). Stock moves count
 * neither: a product out of stock keeps its page.
 */
export async function readSitemapRevision(db: Database): Promise<string> {
  const result: unknown = await db.execute(sql`select
    coalesce((select ${catalogRevision.revision} from ${catalogRevision}), 0)::text || '.' ||
    coalesce((select sum(${storeCatalogRevisions.revision}) from ${storeCatalogRevisions}), 0)::text as revision`);
  const [row] = (result as { rows: Array<{ revision: string }> }).rows;
  return String(row?.revision ?? '0.0');
}

/** The approved stores, whose catalog pages the web app answers with 200 (plugins/web-app.ts). */
export function listSitemapStores(db: Database): Promise<SitemapStoreRow[]> {
  return db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(eq(stores.status, 'approved'))
    .orderBy(asc(stores.id));
}

/** The products a shopper can open: switched on, of an approved store (the same rule as the product detail). */
export function listSitemapProducts(db: Database): Promise<SitemapProductRow[]> {
  return db
    .select({ id: products.id, storeName: stores.name })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(stores.status, 'approved'), eq(products.active, true)))
    .orderBy(asc(products.id));
}
