import { eq, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { loginThrottles } from '../../db/schema/accounts.ts';

/** Decision 053's figures: free failures, the back-off's first step, the lock and when a series is forgotten. */
export const LOGIN_THROTTLE = {
  freeFailures: 5,
  backoffBaseSeconds: 30,
  lockAfterFailures: 10,
  lockSeconds: 15 * 60,
  forgetAfterSeconds: 24 * 3600,
} as const;

const t = loginThrottles;
const { freeFailures, backoffBaseSeconds, lockAfterFailures, lockSeconds, forgetAfterSeconds } =
  LOGIN_THROTTLE;
const FORGOTTEN = sql`${t.lastFailedAt} < now() - ${forgetAfterSeconds}::int * interval '1 second'`;
const NEXT_FAILURES = sql`case when ${FORGOTTEN} then 1 else ${t.failures} + 1 end`;
/** When the next try may come: the back-off after the last failure, or the lock's end. */
const NEXT_TRY_AT = sql`case when ${t.failures} >= ${lockAfterFailures}::int then ${t.lockedUntil}
  else ${t.lastFailedAt} + ${backoffBaseSeconds}::int * power(2, ${t.failures} - ${freeFailures}::int) * interval '1 second' end`;
const MAY_TRY = sql`(${FORGOTTEN} or ${t.failures} < ${freeFailures}::int or ${NEXT_TRY_AT} <= now())`;

/**
 * Claims one login attempt for the account, counted as a failure until a success forgets it: the failure
 * count after it, or null when the account must wait (back-off or lock). One statement, so parallel guesses
 * each claim their own slot and none slips past the count.
 */
export async function claimAttempt(db: Database, userId: number): Promise<number | null> {
  const [row] = await db
    .insert(t)
    .values({ userId, failures: 1, lastFailedAt: sql`now()` })
    .onConflictDoUpdate({
      target: t.userId,
      set: {
        failures: NEXT_FAILURES,
        lastFailedAt: sql`now()`,
        lockedUntil: sql`case when ${NEXT_FAILURES} >= ${lockAfterFailures}::int
          then now() + ${lockSeconds}::int * interval '1 second' else null end`,
      },
      setWhere: MAY_TRY,
    })
    .returning({ failures: t.failures });
  return row ? row.failures : null;
}

/** Seconds until the account may try again (at least 1), and whether it is the lock that holds it. */
export async function secondsUntilNextTry(
  db: Database,
  userId: number,
): Promise<{ seconds: number; locked: boolean }> {
  const [row] = await db
    .select({
      seconds: sql<number>`greatest(1, ceil(extract(epoch from (${NEXT_TRY_AT}) - now())))::int`,
      locked: sql<boolean>`${t.failures} >= ${lockAfterFailures}::int`,
    })
    .from(t)
    .where(eq(t.userId, userId));
  return { seconds: Math.max(1, Number(row?.seconds ?? 1)), locked: row?.locked === true };
}

/** A success (or a new password) forgets the account's failures. */
export async function deleteThrottle(db: DatabaseOrTransaction, userId: number): Promise<void> {
  await db.delete(t).where(eq(t.userId, userId));
}
