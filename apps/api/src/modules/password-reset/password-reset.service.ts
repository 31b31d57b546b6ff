import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@mandado/shared/account-messages';
import { newPasswordProblem } from '@mandado/shared/password-policy';
import type { Actor } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { forgetLoginFailures, setResetPasswordHash } from '../accounts/accounts.service.ts';
import { hashPassword } from '../accounts/password-hashing.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import { endUserSessions } from '../sessions/sessions.service.ts';
import {
  consumeResetToken,
  findUsableResetToken,
  issueResetToken,
  retireUserResetTokens,
} from './password-reset.repository.ts';
import { passwordResetEmail } from './password-reset-email.ts';

const TOKEN_LIFETIME_SECONDS = 3600;

function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Issues a single-use token for the account with this e-mail, if there is one, and enqueues the e-mail with
 * the link in the same transaction. The caller answers the same either way; the return value only says
 * whether the mail worker has something to send.
 */
export async function requestPasswordReset(
  db: Database,
  input: { email: string; publicUrl: string },
): Promise<boolean> {
  const { email, publicUrl } = input;
  // 256 random bits: unguessable, and only the hash is stored, so a leaked table resets nobody's password.
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashResetToken(token);
  return db.transaction(async (tx) => {
    const recipient = await issueResetToken(tx, email, tokenHash, TOKEN_LIFETIME_SECONDS);
    if (!recipient) return false;
    const link = `${publicUrl}/password-reset?token=${encodeURIComponent(token)}`;
    await enqueueEmail(tx, {
      ...passwordResetEmail({
        email: recipient.email,
        firstName: recipient.firstName,
        link,
        validMinutes: TOKEN_LIFETIME_SECONDS / 60,
      }),
      // Named, so a captured reset's log line says what it is without its address or link (issue 27).
      kind: 'password.reset',
    });
    return true;
  });
}

/**
 * Whether a reset link still works, without using it up: the page reports a broken, expired or used link
 * when it opens, instead of after the shopper has typed a new password.
 */
export async function checkPasswordResetToken(db: Database, input: { token: string }): Promise<void> {
  if ((await findUsableResetToken(db, hashResetToken(input.token))) === null) throw invalidToken();
}

/**
 * Sets a new password with a reset token, once. Every other session of the user ends (whoever had the old
 * password is logged out) and so does every other outstanding reset link. The session that made the request
 * (`input.requesterSessionHash`, from the route) is kept when it is the same user's.
 */
export async function confirmPasswordReset(
  db: Database,
  actor: Actor | null,
  input: { token: string; password: string; requesterSessionHash: string | null },
): Promise<void> {
  const tokenHash = hashResetToken(input.token);
  // A bad token is refused before the slow hash, so bogus confirmations cost us little.
  const owner = await findUsableResetToken(db, tokenHash);
  if (owner === null) throw invalidToken();
  // The same rules as registration, with what the account knows: not its e-mail, not the shopper's name.
  const problem = newPasswordProblem({
    password: input.password,
    email: owner.email,
    firstName: owner.firstName,
    lastName: owner.lastName,
  });
  if (problem) throw new HttpError(400, { password: [problem] });
  const passwordHash = await hashPassword(input.password);
  const keep = actor?.userId === owner.userId ? (input.requesterSessionHash ?? undefined) : undefined;
  const reset = await db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, tokenHash);
    if (userId === null) return false;
    await setResetPasswordHash(tx, userId, passwordHash);
    await retireUserResetTokens(tx, userId);
    await endUserSessions(tx, userId, keep);
    await forgetLoginFailures(tx, userId);
    return true;
  });
  if (!reset) throw invalidToken();
}

function invalidToken(): HttpError {
  return new HttpError(400, { detail: ACCOUNT_MESSAGES.passwordResetInvalid });
}
