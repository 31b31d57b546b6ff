import { createHash, randomBytes } from 'node:crypto';
import { MESSAGES } from '@mandado/shared/messages';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import type { RequestSession } from '../../plugins/session.ts';
import { hashPassword } from '../accounts/password-hashing.ts';
import { enqueueEmail } from '../mail/mail.repository.ts';
import { deleteUserSessions } from '../sessions/sessions.repository.ts';
import {
  consumeResetToken,
  findUsableResetToken,
  issueResetToken,
  retireUserResetTokens,
  updatePasswordHash,
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
export async function requestPasswordReset(db: Database, email: string, publicUrl: string): Promise<boolean> {
  // 256 random bits: unguessable, and only the hash is stored, so a leaked table resets nobody's password.
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashResetToken(token);
  return db.transaction(async (tx) => {
    const recipient = await issueResetToken(tx, email, tokenHash, TOKEN_LIFETIME_SECONDS);
    if (!recipient) return false;
    const link = `${publicUrl}/password-reset?token=${encodeURIComponent(token)}`;
    await enqueueEmail(
      tx,
      passwordResetEmail({
        email: recipient.email,
        firstName: recipient.firstName,
        link,
        validMinutes: TOKEN_LIFETIME_SECONDS / 60,
      }),
    );
    return true;
  });
}

/**
 * Sets a new password with a reset token, once. Every other session of the user ends (whoever had the old
 * password is logged out) and so does every other outstanding reset link.
 */
export async function confirmPasswordReset(
  db: Database,
  input: { token: string; password: string },
  requesterSession: RequestSession | null,
): Promise<void> {
  const tokenHash = hashResetToken(input.token);
  // A bad token is refused before the slow hash, so bogus confirmations cost us little.
  if ((await findUsableResetToken(db, tokenHash)) === null) throw invalidToken();
  const passwordHash = await hashPassword(input.password);
  const reset = await db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, tokenHash);
    if (userId === null) return false;
    await updatePasswordHash(tx, userId, passwordHash);
    await retireUserResetTokens(tx, userId);
    const keep = requesterSession?.userId === userId ? requesterSession.tokenHash : undefined;
    await deleteUserSessions(tx, userId, keep);
    return true;
  });
  if (!reset) throw invalidToken();
}

function invalidToken(): HttpError {
  return new HttpError(400, { detail: MESSAGES.passwordResetInvalid });
}
