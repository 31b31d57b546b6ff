import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { rateLimitHits } from '../../db/schema.ts';

/** Counts one hit in a window atomically (concurrent requests on any instance never lose a hit). */
export async function countHit(db: Database, bucket: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimitHits)
    .values({ bucket, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.bucket, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });
  return row?.hits ?? 1;
}

export async function deleteWindowsBefore(db: Database, before: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, before));
}
