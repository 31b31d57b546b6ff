import { randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@mandado/shared/account-messages';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { claimSignInAttempt, forgetLoginFailures, signInFailed } from './accounts.service.ts';
import { lockUserForDeletion, pseudonymiseUser } from './accounts-erasure.repository.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { findUserById } from './users.repository.ts';

/**
 * 'Eliminar mi cuenta' asks for the password (issue 32): a session left open on a shared computer must not be
 * enough to erase an account. The tries count against the account's sign-in throttle, like a login.
 */
export async function checkPasswordBeforeDeletion(
  db: Database,
  userId: number,
  password: string,
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user || user.deletedAt !== null) throw new HttpError(401, { detail: ACCOUNT_MESSAGES.accountGone });
  const failures = await claimSignInAttempt(db, userId);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await signInFailed(db, userId, failures);
    throw new HttpError(400, { password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
  }
  await forgetLoginFailures(db, userId);
}

/** The account's e-mail, under the row's lock for the deletion's transaction; 409 when already deleted. */
export async function lockAccountForDeletion(tx: DatabaseOrTransaction, userId: number): Promise<string> {
  const row = await lockUserForDeletion(tx, userId);
  if (!row || row.deletedAt !== null) throw new HttpError(409, { detail: ACCOUNT_MESSAGES.accountGone });
  return row.email;
}

/** The account's row keeps only what the ledger needs, under a pseudonym (issue 32). */
export async function pseudonymiseAccount(
  tx: DatabaseOrTransaction,
  userId: number,
  now: Date,
): Promise<void> {
  await pseudonymiseUser(tx, userId, {
    unusablePasswordHash: await hashPassword(randomBytes(32).toString('base64url')),
    now,
  });
}
