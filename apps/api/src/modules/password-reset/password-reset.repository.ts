import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { passwordResetTokens, users } from '../../db/schema/accounts.ts';

export interface ResetRecipient {
  userId: number;
  email: string;
  firstName: string;
}

/**
 * Issues a token for the account with this e-mail, if there is one, in a single statement: the lookup and the
 * insert cost the same whether or not the account exists, so the answer's timing does not tell.
 */
export async function issueResetToken(
  db: DatabaseOrTransaction,
  email: string,
  tokenHash: string,
  lifetimeSeconds: number,
): Promise<ResetRecipient | null> {
  const result: unknown = await db.execute(sql`
    with target as (
      select ${users.id} as id, ${users.email} as email, ${users.firstName} as first_name
      from ${users} where ${users.email} = ${email}
    ), issued as (
      insert into ${passwordResetTokens} (token_hash, user_id, expires_at)
      select ${tokenHash}, target.id, now() + ${lifetimeSeconds}::integer * interval '1 second' from target
      returning user_id
    )
    select target.id as "userId", target.email, target.first_name as "firstName"
    from target join issued on issued.user_id = target.id`);
  const [row] = (result as { rows: ResetRecipient[] }).rows;
  return row ?? null;
}

/** Who a usable token belongs to: what a new password is checked against (it must not be their e-mail or name). */
export interface ResetTokenOwner {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
}

/** The user a token would reset, if it is unused and not expired; a read, so a bad token costs no hashing. */
export async function findUsableResetToken(db: Database, tokenHash: string): Promise<ResetTokenOwner | null> {
  const [row] = await db
    .select({
      userId: passwordResetTokens.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(usable(tokenHash));
  return row ?? null;
}

/** Marks a token used if it still is usable, atomically: of two concurrent uses only one gets the user. */
export async function consumeResetToken(
  db: DatabaseOrTransaction,
  tokenHash: string,
): Promise<number | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(tokenHash))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

/** Retires every other outstanding token of the user: an older e-mail's link stops working. */
export async function retireUserResetTokens(db: DatabaseOrTransaction, userId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

function usable(tokenHash: string) {
  return and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
  );
}
