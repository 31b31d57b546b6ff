import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { loginThrottles, users } from '../../db/schema/accounts.ts';

/** The account's row, locked for the deletion's transaction (a second deletion waits, then finds it done). */
export async function lockUserForDeletion(
  tx: DatabaseOrTransaction,
  userId: number,
): Promise<{ email: string; deletedAt: Date | null } | null> {
  const [row] = await tx
    .select({ email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

/**
 * Everything in the row that names or reaches the person is replaced: the e-mail by one built from the
 * public account id (unique, and '.invalid' can never receive mail), the names by a neutral label, the phones
 * emptied, the password by the hash of random bytes nobody ever saw, the referral token renewed (the old
 * one is in messages friends received).
 */
export async function pseudonymiseUser(
  tx: DatabaseOrTransaction,
  userId: number,
  values: { unusablePasswordHash: string; now: Date },
): Promise<void> {
  await tx
    .update(users)
    .set({
      email: sql`'eliminada-' || ${users.accountId} || '@cuenta-eliminada.invalid'`,
      firstName: 'Cuenta',
      lastName: 'eliminada',
      phoneE164: '',
      phoneFormatted: '',
      passwordHash: values.unusablePasswordHash,
      referralToken: randomBytes(18).toString('base64url'),
      coupon: null,
      deletedAt: values.now,
      updatedAt: values.now,
    })
    .where(eq(users.id, userId));
  await tx.delete(loginThrottles).where(eq(loginThrottles.userId, userId));
}
