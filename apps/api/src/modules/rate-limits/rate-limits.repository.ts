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

/**
 * Counts one hit in the current window of `windowSeconds`, the window measured with the database's clock
 * (decision 036): every instance agrees on where a window starts however far their own clocks drift.
 */
export async function countHitNow(
  db: Database,
  bucket: string,
  windowSeconds: number,
): Promise<{ hits: number; windowStart: Date; secondsLeft: number }> {
  const start = sql`to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}::int) * ${windowSeconds}::int)`;
  const result: unknown = await db.execute(sql`
    insert into ${rateLimitHits} (bucket, window_start, hits) values (${bucket}, ${start}, 1)
    on conflict (bucket, window_start) do update set hits = ${rateLimitHits.hits} + 1
    returning hits, window_start,
      ceil(extract(epoch from window_start + ${windowSeconds}::int * interval '1 second' - now()))::int as seconds_left
  `);
  const [row] = (
    result as { rows: Array<{ hits: number; window_start: Date | string; seconds_left: number }> }
  ).rows;
  if (!row) throw new Error('rate limit hit not counted');
  return {
    hits: Number(row.hits),
    windowStart: new Date(row.window_start),
    secondsLeft: Math.max(1, Number(row.seconds_left)),
  };
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
