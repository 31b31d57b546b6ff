import type { OperatorGroup } from '@mandado/shared/permissions';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { sessions } from '../../db/schema/accounts.ts';

export interface SessionRow {
  tokenHash: string;
  userId: number;
  csrfToken: string;
  lastSeenAt: Date;
  createdAt: Date;
  /** The password was right, the second factor is still owed (decision 053): the session acts for nobody. */
  secondFactorPending: boolean;
  /** The account has a second factor on: every live session of it has passed it (decision 053). */
  secondFactor: boolean;
  /** What the actor is made of (decision 012), read in the same query so a request costs one lookup. */
  operatorGroup: OperatorGroup | null;
  storeIds: number[];
  ownedStoreIds: number[];
}

export async function insertSession(
  db: Database,
  values: {
    tokenHash: string;
    userId: number;
    csrfToken: string;
    expiresAt: Date;
    secondFactorPending?: boolean;
  },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The owed second factor was given: the session acts for its user from now on. */
export async function clearSecondFactorPending(db: DatabaseOrTransaction, tokenHash: string): Promise<void> {
  await db.update(sessions).set({ secondFactorPending: false }).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * A live session (not past its absolute end, seen within the idle timeout) with its user's operator flag and
 * store memberships: two indexed subqueries, so resolving the actor adds no round trip.
 */
export async function findLiveSession(
  db: Database,
  tokenHash: string,
  idleSince: Date,
): Promise<SessionRow | null> {
  const [row] = await db
    .select({
      tokenHash: sessions.tokenHash,
      userId: sessions.userId,
      csrfToken: sessions.csrfToken,
      lastSeenAt: sessions.lastSeenAt,
      createdAt: sessions.createdAt,
      secondFactorPending: sessions.secondFactorPending,
      secondFactor: sql<boolean>`exists (
        select 1 from second_factors sf where sf.user_id = "sessions"."user_id" and sf.enabled_at is not null
      )`,
      // Written out with aliases: inside a select list drizzle prints columns without their table, and an
      // unqualified user_id in the subquery would match every row.
      operatorGroup: sql<OperatorGroup | null>`(
        select ur.operator_group from user_roles ur where ur.user_id = "sessions"."user_id" and ur.role = 'operator'
      )`,
      // json, not an array: both drivers parse it to numbers the same way.
      storeIds: sql<number[]>`(
        select coalesce(json_agg(sm.store_id order by sm.store_id), '[]'::json)
        from store_members sm where sm.user_id = "sessions"."user_id"
      )`,
      ownedStoreIds: sql<number[]>`(
        select coalesce(json_agg(sm.store_id order by sm.store_id), '[]'::json)
        from store_members sm where sm.user_id = "sessions"."user_id" and sm.role = 'owner'
      )`,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, idleSince),
        // A lock ends the account's sessions in its own transaction; this also closes the gap of a login
        // that passed the password check just before the lock and wrote its session just after (issue 19).
        sql`not exists (select 1 from users u where u.id = "sessions"."user_id" and u.locked_at is not null)`,
      ),
    );
  return row ?? null;
}

export async function touchSession(db: Database, tokenHash: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a user except, optionally, the one making the request. */
export async function deleteUserSessions(
  db: DatabaseOrTransaction,
  userId: number,
  keepTokenHash?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash))
        : eq(sessions.userId, userId),
    );
}

/** Sessions past their absolute end or idle for too long; swept now and then by a login. */
export async function deleteDeadSessions(db: Database, idleSince: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} <= now() or ${lt(sessions.lastSeenAt, idleSince)}`);
}
