import type { Database } from '../../db/database.ts';
import { countHitNow, deleteBucket, deleteFinishedWindows } from './rate-limits.repository.ts';

/**
 * Rate-limit counters for the rate-limit plugin (decision 036: windows on the database's clock, so every
 * instance counts the same window). The counters' SQL stays in this module.
 */

/** Counts one hit in the bucket's current window of `windowSeconds`; answers the count and the time left. */
export function recordHit(
  db: Database,
  bucket: string,
  windowSeconds: number,
): Promise<{ hits: number; windowStart: Date; secondsLeft: number }> {
  return countHitNow(db, bucket, windowSeconds);
}

/** Drops a rule's windows that ended before `currentWindowStart`. */
export function forgetFinishedWindows(db: Database, rule: string, currentWindowStart: Date): Promise<void> {
  return deleteFinishedWindows(db, rule, currentWindowStart);
}

/** Forgets a bucket's hits (a successful login forgets the failures). */
export function forgetBucket(db: Database, bucket: string): Promise<void> {
  return deleteBucket(db, bucket);
}
