import { and, eq, getTableColumns, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';

export type UserRow = typeof users.$inferSelect;

/** The account as who-am-I shows it: the row plus whether an invitation's welcome credit still waits. */
export type AccountRow = UserRow & { referralWelcomePending: boolean };

const accountColumns = {
  ...getTableColumns(users),
  // Spelled out: Drizzle renders a column unqualified here, and inside the subquery "id" would be the referral's.
  referralWelcomePending: sql<boolean>`exists (select 1 from referrals r where r.invitee_user_id = users.id and r.status = 'pending')`,
};

/** One query, the referral's state as a subquery (who-am-I runs on every page load). */
export async function findUserById(db: Database, id: number): Promise<AccountRow | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** `email` must already be normalised (trimmed, lowercase), as it is stored. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

/** The inviter a registration's token names, with what the self-referral check compares. */
export async function findReferrerByToken(
  db: DatabaseOrTransaction,
  token: string,
): Promise<{ id: number; email: string; phoneE164: string } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, phoneE164: users.phoneE164 })
    .from(users)
    .where(eq(users.referralToken, token));
  return row ?? null;
}

export interface NewUser {
  accountId: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phoneE164: string;
  phoneFormatted: string;
  referralToken: string;
  referredByUserId: number | null;
}

/** Inserts a remitter, or returns null when the e-mail is already taken (a race the unique index settles). */
export async function insertUser(db: DatabaseOrTransaction, values: NewUser): Promise<UserRow | null> {
  const [row] = await db
    .insert(users)
    .values({ ...values, type: 'remitter' })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row ?? null;
}

/** The phone an account has now, to tell whether an update changes its country. */
export async function findUserPhone(db: DatabaseOrTransaction, id: number): Promise<string | null> {
  const [row] = await db.select({ phoneE164: users.phoneE164 }).from(users).where(eq(users.id, id));
  return row?.phoneE164 ?? null;
}

export async function updateRemitter(
  db: Database,
  id: number,
  values: Pick<NewUser, 'firstName' | 'lastName' | 'phoneE164' | 'phoneFormatted'> & {
    phoneCountryChangedAt?: Date;
  },
): Promise<AccountRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning(accountColumns);
  return row ?? null;
}

/** A new password hash (argon2id, from password-hashing.ts); never the password itself. */
export async function updateUserPasswordHash(
  db: DatabaseOrTransaction,
  id: number,
  passwordHash: string,
): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}

/** A reset's new password hash, stamped with the transaction's time (`now()`), as password-reset always did. */
export async function updateUserPasswordHashAtNow(
  db: DatabaseOrTransaction,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** Locks the account unless it already is; false when it was (or does not exist). */
export async function setLocked(tx: DatabaseOrTransaction, userId: number, reason: string): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ lockedAt: sql`now()`, lockedReason: reason, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.lockedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Unlocks the account; answers the reason it was locked for, or null when it was not locked. */
export async function clearLocked(tx: DatabaseOrTransaction, userId: number): Promise<string | null> {
  const [before] = await tx
    .select({ reason: users.lockedReason })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.lockedAt)))
    .for('update');
  if (!before) return null;
  await tx
    .update(users)
    .set({ lockedAt: null, lockedReason: '', updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  return before.reason;
}
