import { and, eq, like, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { rateLimitHits } from '../../db/schema/rate-limits.ts';

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

/** Deletes one rule's finished windows: every window of it that started before the current one. */
export async function deleteFinishedWindows(
  db: Database,
  rule: string,
  currentWindowStart: Date,
): Promise<void> {
  await db
    .delete(rateLimitHits)
    .where(and(like(rateLimitHits.bucket, `${rule}:%`), lt(rateLimitHits.windowStart, currentWindowStart)));
}

/** Deletes every window of one bucket. */
export async function deleteBucket(db: Database, bucket: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.bucket, bucket));
}
