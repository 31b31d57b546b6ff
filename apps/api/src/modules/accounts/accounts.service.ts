import { randomBytes, randomUUID } from 'node:crypto';
import type { RemitterUpdate, User } from '@mandado/shared/account.schemas';
import { ACCOUNT_MESSAGES } from '@mandado/shared/account-messages';
import { ADMIN_PEOPLE_MESSAGES } from '@mandado/shared/admin-people.schemas';
import { PRIVACY_POLICY_VERSION, TERMS_VERSION } from '@mandado/shared/legal-versions';
import { MESSAGES } from '@mandado/shared/messages';
import { newPasswordProblem } from '@mandado/shared/password-policy';
import { normalizeInternationalPhone, phoneCountry } from '@mandado/shared/phone-number';
import { isSelfReferral } from '@mandado/shared/referral-rules';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import { recordReferral } from '../referrals/referrals.service.ts';
import { endUserSessions } from '../sessions/sessions.service.ts';
import { insertConsents } from './consents.repository.ts';
import { loginLockedEmail } from './login-locked-email.ts';
import {
  claimAttempt,
  deleteThrottle,
  LOGIN_THROTTLE,
  secondsUntilNextTry,
} from './login-throttle.repository.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password-hashing.ts';
import { presentUser } from './user.presenter.ts';
import {
  clearLocked,
  findReferrerByToken,
  findUserByEmail,
  findUserById,
  findUserPhone,
  insertUser,
  setLocked,
  type UserRow,
  updateRemitter,
  updateUserPasswordHash,
  updateUserPasswordHashAtNow,
} from './users.repository.ts';

/**
 * Accounts (decision 012): services take the database, the actor and the validated input, never the request
 * or the reply. Sessions, cookies and rate limits are the routes' business.
 */

interface RegistrationInput {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  referral_token: string;
}

function phoneOrFail(value: string) {
  const phone = normalizeInternationalPhone(value);
  if (!phone) throw new HttpError(400, { phone_number: [MESSAGES.invalidPhone] });
  return phone;
}

/** The actor's account as who-am-I shows it, or null for a visitor (or a session whose user was deleted). */
export async function currentUser(db: Database, actor: Actor | null): Promise<User | null> {
  if (!actor) return null;
  const row = await findUserById(db, actor.userId);
  return row ? presentUser(row, actor) : null;
}

/**
 * A new remitter (POST /users/create/); the route logs them in. The schema already checked the password. A
 * valid referral token links the account to its inviter and opens its referral (decision 026) in the same
 * transaction, unless both are one person (the same inbox under another alias, or the same phone): then the
 * account is created without either, and without telling the shopper.
 */
export async function register(db: Database, input: RegistrationInput): Promise<UserRow> {
  const phone = phoneOrFail(input.phone_number);
  const referrer = input.referral_token ? await findReferrerByToken(db, input.referral_token) : null;
  if (input.referral_token && referrer === null)
    throw new HttpError(400, { referral_token: [ACCOUNT_MESSAGES.invalidReferralToken] });
  if (await findUserByEmail(db, input.email))
    throw new HttpError(400, { email: [SERVER_MESSAGES.emailTaken] });
  const inviter =
    referrer && !isSelfReferral(referrer, { email: input.email, phoneE164: phone.e164 }) ? referrer : null;
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    const row = await insertUser(tx, {
      accountId: randomUUID(),
      email: input.email,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      phoneE164: phone.e164,
      phoneFormatted: phone.formatted,
      referralToken: randomBytes(18).toString('base64url'),
      referredByUserId: inviter?.id ?? null,
    });
    if (row && inviter) await recordReferral(tx, { inviteeUserId: row.id, inviterUserId: inviter.id });
    // The schema refused a registration without both: what was accepted is kept with its version (issue 32).
    if (row) {
      await insertConsents(tx, row.id, [
        { kind: 'terms', version: TERMS_VERSION },
        { kind: 'privacy_policy', version: PRIVACY_POLICY_VERSION },
      ]);
    }
    return row;
  });
  if (!user) throw new HttpError(400, { email: [SERVER_MESSAGES.emailTaken] });
  return user;
}

/**
 * The user these credentials prove, or 400; a 429 while the account's failed sign-ins hold it back. The
 * failures are not forgotten here: the route does it once the sign-in is complete (the second factor too).
 * An unknown e-mail costs the same hashing work and gets the same answer as a wrong password, so neither
 * timing nor text tells whether an account exists.
 */
export async function authenticate(
  db: Database,
  input: { username: string; password: string },
): Promise<UserRow> {
  const user = await findUserByEmail(db, input.username);
  const failures = user ? await claimSignInAttempt(db, user.id) : 0;
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!user || !valid) {
    if (user) await signInFailed(db, user.id, failures);
    throw new HttpError(400, { non_field_errors: [ACCOUNT_MESSAGES.invalidCredentials] });
  }
  // An operator locked the account (issue 19): said only after the right password, so it tells a guesser
  // nothing. A password reset changes the password but not this.
  if (user.lockedAt !== null) {
    throw new HttpError(400, { non_field_errors: [ADMIN_PEOPLE_MESSAGES.accountLocked] });
  }
  return user;
}

/**
 * Issue 27 (decision 053): failed sign-ins of one account are throttled whatever the address they come from.
 * The attempt (a password, or a second-factor code) is counted before it is checked; over the back-off or
 * during the lock it is a 429 saying when to try again, without checking (the right password is refused too,
 * or a guesser would learn it from the answer). Answers the account's failure count with this attempt; the
 * caller forgets the failures once the whole sign-in succeeded (forgetLoginFailures).
 */
export async function claimSignInAttempt(db: Database, userId: number): Promise<number> {
  const failures = await claimAttempt(db, userId);
  if (failures !== null) return failures;
  const wait = await secondsUntilNextTry(db, userId);
  throw new HttpError(
    429,
    { detail: SERVER_MESSAGES.loginThrottled(wait.seconds, wait.locked) },
    { 'retry-after': String(wait.seconds) },
  );
}

/**
 * A claimed attempt failed (a wrong password, or a wrong second-factor code). The failure that starts the
 * lock tells the owner, once: later ones within the series do not.
 */
export async function signInFailed(db: Database, userId: number, failures: number): Promise<void> {
  if (failures !== LOGIN_THROTTLE.lockAfterFailures) return;
  const user = await findUserById(db, userId);
  if (!user) return;
  await enqueueEmail(
    db,
    loginLockedEmail({
      email: user.email,
      firstName: user.firstName,
      failures,
      lockMinutes: LOGIN_THROTTLE.lockSeconds / 60,
    }),
  );
}

/** A new password proves the inbox: the account's failed logins are forgotten (password reset). */
export function forgetLoginFailures(db: DatabaseOrTransaction, userId: number): Promise<void> {
  return deleteThrottle(db, userId);
}

/** Whether an account uses this (normalised) e-mail; the route throttles it against listing accounts. */
export async function emailExists(db: Database, email: string): Promise<boolean> {
  return (await findUserByEmail(db, email)) !== null;
}

/** PUT /users/update/remitter/: the actor's own names and phone; never another user's. */
export async function updateOwnDetails(
  db: Database,
  actor: Actor | null,
  input: RemitterUpdate,
): Promise<User> {
  const owner = requirePermission(actor, 'account:own');
  const phone = phoneOrFail(input.phone_number);
  // A phone in another country changes which payment methods the account is offered (transfers go by the
  // phone's country): remember when, so the change unlocks them only after some days (decision 031).
  const previous = await findUserPhone(db, owner.userId);
  const countryChanged = previous !== null && phoneCountry(previous) !== phoneCountry(phone.e164);
  const row = await updateRemitter(db, owner.userId, {
    firstName: input.first_name.trim(),
    lastName: input.last_name.trim(),
    phoneE164: phone.e164,
    phoneFormatted: phone.formatted,
    ...(countryChanged ? { phoneCountryChangedAt: new Date() } : {}),
  });
  if (!row) throw new HttpError(401, { detail: SERVER_MESSAGES.notAuthenticated });
  return presentUser(row, owner);
}

/**
 * POST /users/change-password/ (issue 16): the current password first (a borrowed, unlocked session cannot take
 * the account over), then the registration's policy with what the account knows. Every other session of the
 * user ends in the same transaction as the new hash; the one making the change (`keepSessionHash`) stays.
 */
export async function changeOwnPassword(
  db: Database,
  actor: Actor | null,
  input: { current_password: string; new_password: string; keepSessionHash: string | null },
): Promise<void> {
  const owner = requirePermission(actor, 'account:own');
  const user = await findUserById(db, owner.userId);
  if (!user) throw new HttpError(401, { detail: SERVER_MESSAGES.notAuthenticated });
  if (!(await verifyPassword(user.passwordHash, input.current_password)))
    throw new HttpError(400, { current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
  if (input.new_password === input.current_password)
    throw new HttpError(400, { new_password: [SERVER_MESSAGES.passwordSameAsCurrent] });
  const problem = newPasswordProblem({
    password: input.new_password,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
  });
  if (problem) throw new HttpError(400, { new_password: [problem] });
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await updateUserPasswordHash(tx, user.id, passwordHash);
    await endUserSessions(tx, user.id, input.keepSessionHash ?? undefined);
  });
}

/**
 * A password reset's new hash (already argon2id), in the reset's transaction (`tx`) after its token is
 * consumed: accounts owns `users`, password-reset only decides when.
 */
export async function setResetPasswordHash(
  tx: DatabaseOrTransaction,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await updateUserPasswordHashAtNow(tx, userId, passwordHash);
}

/** An operator locks the account, in admin-people's transaction (`tx`); false when it already was locked. */
export function lockAccount(tx: DatabaseOrTransaction, userId: number, reason: string): Promise<boolean> {
  return setLocked(tx, userId, reason);
}

/** An operator unlocks the account (`tx` as above); the reason it was locked for, or null when it was not. */
export function unlockAccount(tx: DatabaseOrTransaction, userId: number): Promise<string | null> {
  return clearLocked(tx, userId);
}

/** For a card processor's customer record: the account's id, e-mail and full name, or null when it is gone. */
export async function findAccountContact(
  db: Database,
  userId: number,
): Promise<{ id: number; email: string; name: string } | null> {
  const row = await findUserById(db, userId);
  return row ? { id: row.id, email: row.email, name: `${row.firstName} ${row.lastName}`.trim() } : null;
}
