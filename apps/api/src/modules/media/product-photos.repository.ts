import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { products } from '../../db/schema/catalog.ts';
import { productPhotos } from '../../db/schema/media.ts';
import { orderLines, storeOrders } from '../../db/schema/orders.ts';

/** Records an uploaded photo before its file is written (a failed write leaves a row the sweep removes). */
export async function insertProductPhoto(
  db: DatabaseOrTransaction,
  photo: { key: string; url: string; storeId: number },
): Promise<void> {
  await db.insert(productPhotos).values(photo);
}

/**
 * Marks the store's photos among `urls` as used now and answers those it found. The update takes each row's
 * lock until the product's transaction ends: a sweep that claimed the row first makes this wait and then
 * find nothing; one that comes after sees the new `last_used_at` (or the product) and passes the photo by.
 */
export async function touchProductPhotos(
  db: DatabaseOrTransaction,
  storeId: number,
  urls: readonly string[],
): Promise<string[]> {
  if (urls.length === 0) return [];
  const rows = await db
    .update(productPhotos)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(productPhotos.storeId, storeId), inArray(productPhotos.url, [...urls])))
    .returning({ url: productPhotos.url });
  return rows.map((row) => row.url);
}

/**
 * Deletes up to `limit` photo rows unused since `cutoff` that no product shows and no order line kept (a
 * line snapshots its product's image when sold), and answers their storage keys. The rows are claimed with
 * `for update skip locked`, so sweeps on several instances share the work instead of queueing on it, and a
 * row a product save has just touched is re-read under the lock and left alone (its `last_used_at` moved).
 * The caller deletes the files inside the same transaction: a failure puts the rows back for the next pass.
 */
export async function deleteOrphanPhotos(
  db: DatabaseOrTransaction,
  cutoff: Date,
  limit: number,
): Promise<string[]> {
  const result: unknown = await db.execute(sql`
    delete from ${productPhotos}
    where key in (
      select u.key from ${productPhotos} u
      where u.last_used_at < ${cutoff.toISOString()}::timestamptz
        and not exists (
          select 1 from ${products} p where p.store_id = u.store_id and p.images @> jsonb_build_array(u.url)
        )
        and not exists (
          select 1 from ${orderLines} l
          join ${storeOrders} o on o.id = l.store_order_id
          where o.store_id = u.store_id and l.image = u.url
        )
      order by u.last_used_at
      limit ${limit}
      for update of u skip locked
    )
    returning key
  `);
  return (result as { rows: Array<{ key: string }> }).rows.map((row) => row.key);
}
