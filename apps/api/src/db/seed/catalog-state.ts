import { sql } from 'drizzle-orm';
import type { Database } from '../database.ts';
import { stores } from '../schema/catalog.ts';

export async function isCatalogEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ present: sql<number>`1` }).from(stores).limit(1);
  return row === undefined;
}
