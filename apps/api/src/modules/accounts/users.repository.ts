import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Database, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** `email` must already be normalised (trimmed, lowercase), as it is stored. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function findUserIdByReferralToken(db: Database, token: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralToken, token));
  return row?.id ?? null;
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
export async function insertUser(db: Database, values: NewUser): Promise<UserRow | null> {
  const [row] = await db
    .insert(users)
    .values({ ...values, type: 'remitter' })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row ?? null;
}

export async function updateRemitter(
  db: Database,
  id: number,
  values: Pick<NewUser, 'firstName' | 'lastName' | 'phoneE164' | 'phoneFormatted'>,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}
