import { createHash, randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  type RecoveryCodes,
  SECOND_FACTOR_GROUPS,
  SECOND_FACTOR_MESSAGES,
  type SecondFactorEnrollment,
  type SecondFactorStatus,
} from '@mandado/shared/second-factor.schemas';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { Actor } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import {
  claimSignInAttempt,
  findAccountContact,
  forgetLoginFailures,
  signInFailed,
} from '../accounts/accounts.service.ts';
import { completeSecondFactor, endUserSessions } from '../sessions/sessions.service.ts';
import {
  countUnusedRecoveryCodes,
  deleteSecondFactor,
  findSecondFactor,
  replaceRecoveryCodes,
  savePendingSecret,
  useRecoveryCode,
  useStep,
} from './second-factor.repository.ts';
import { matchTotp, newTotpSecret, totpUri } from './totp.ts';

/**
 * Staff sign-in's second factor (issue 27, decision 053): enrollment (a TOTP key shown once, confirmed by a
 * first code, then ten one-time recovery codes shown once), and the code that completes a login whose
 * session was opened owing it. Code guesses count against the account's login throttle.
 */

/** How long after the password a pending session may still give its code. */
const PENDING_SECONDS = 10 * 60;
/** Recovery codes' alphabet: base32's, lowercase (no 0/1/8/9 to misread as o/l/b/g). */
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

function newRecoveryCode(): string {
  return Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
}

function isStaff(actor: Actor): boolean {
  return actor.roles.includes('operator') || actor.roles.includes('merchant');
}

function requireStaff(actor: Actor | null): Actor {
  if (!actor) throw new HttpError(401, { detail: SERVER_MESSAGES.notAuthenticated });
  if (!isStaff(actor)) throw new HttpError(403, { detail: SECOND_FACTOR_MESSAGES.staffOnly });
  return actor;
}

/** Whether this actor's group must have a second factor here (`required`: a published site). */
function mustHaveSecondFactor(actor: Actor, required: boolean): boolean {
  return required && actor.operatorGroup !== null && SECOND_FACTOR_GROUPS.includes(actor.operatorGroup);
}

/** The back office's guard: true when the actor must have a second factor and has none yet (403 then). */
export function secondFactorMissing(actor: Actor | null, required: boolean): boolean {
  return actor !== null && mustHaveSecondFactor(actor, required) && actor.secondFactor !== true;
}

/** Whether a login of this account must give a code before its session acts (the factor is on). */
export async function secondFactorOwed(db: Database, userId: number): Promise<boolean> {
  return (await findSecondFactor(db, userId))?.enabledAt != null;
}

export async function getSecondFactorStatus(
  db: Database,
  actor: Actor | null,
  required: boolean,
): Promise<SecondFactorStatus> {
  const staff = requireStaff(actor);
  const factor = await findSecondFactor(db, staff.userId);
  const enabled = factor?.enabledAt != null;
  return {
    enabled,
    required: mustHaveSecondFactor(staff, required),
    recovery_codes_left: enabled ? await countUnusedRecoveryCodes(db, staff.userId) : 0,
  };
}

/** A new key for the app, shown this once; replaces a key not yet confirmed, never an enabled one (409). */
export async function startEnrollment(db: Database, actor: Actor | null): Promise<SecondFactorEnrollment> {
  const staff = requireStaff(actor);
  const contact = await findAccountContact(db, staff.userId);
  if (!contact) throw new HttpError(401, { detail: SERVER_MESSAGES.notAuthenticated });
  const secret = newTotpSecret();
  if (!(await savePendingSecret(db, staff.userId, secret))) {
    throw new HttpError(409, { detail: SECOND_FACTOR_MESSAGES.alreadyEnabled });
  }
  return { secret, otpauth_uri: totpUri(secret, contact.email) };
}

/**
 * The first code turns the factor on and answers ten recovery codes, shown this once (only their hashes are
 * kept). Every other session of the account ends in the same transaction: from now on each of its sessions
 * has given a code, which is what the back office's guard relies on.
 */
export async function confirmEnrollment(
  db: Database,
  actor: Actor | null,
  input: { code: string; keepSessionHash: string | null },
): Promise<RecoveryCodes> {
  const staff = requireStaff(actor);
  const factor = await findSecondFactor(db, staff.userId);
  if (!factor || factor.enabledAt !== null)
    throw new HttpError(409, { detail: SECOND_FACTOR_MESSAGES.noEnrollment });
  const step = matchTotp(factor.secret, input.code, Date.now(), factor.lastUsedStep);
  if (step === null) throw new HttpError(400, { code: [SECOND_FACTOR_MESSAGES.invalidCode] });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const enabled = await db.transaction(async (tx) => {
    if (!(await useStep(tx, staff.userId, step, true))) return false;
    await replaceRecoveryCodes(tx, staff.userId, codes.map(hashRecoveryCode));
    await endUserSessions(tx, staff.userId, input.keepSessionHash ?? undefined);
    return true;
  });
  if (!enabled) throw new HttpError(409, { detail: SECOND_FACTOR_MESSAGES.noEnrollment });
  return { recovery_codes: codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`) };
}

/**
 * Completes a login that owes its second factor: a TOTP code (±1 step, each step once) or an unused recovery
 * code (then used up). Each try counts against the account's login throttle, so a stolen password does not buy
 * unlimited guesses; a success forgets the failures and the session acts for its user from then on.
 */
export async function verifySignIn(
  db: Database,
  session: { userId: number; tokenHash: string; secondFactorPending: boolean; createdAt: Date } | null,
  code: string,
): Promise<void> {
  if (!session?.secondFactorPending) throw new HttpError(400, { detail: SECOND_FACTOR_MESSAGES.notPending });
  if (Date.now() - session.createdAt.getTime() > PENDING_SECONDS * 1000) {
    throw new HttpError(401, { detail: SECOND_FACTOR_MESSAGES.expired });
  }
  const failures = await claimSignInAttempt(db, session.userId);
  let accepted = false;
  if (/^\d{6}$/.test(code)) {
    const factor = await findSecondFactor(db, session.userId);
    const step = factor?.enabledAt ? matchTotp(factor.secret, code, Date.now(), factor.lastUsedStep) : null;
    accepted = step !== null && (await useStep(db, session.userId, step, false));
  } else {
    accepted = await useRecoveryCode(db, session.userId, hashRecoveryCode(code));
  }
  if (!accepted) {
    await signInFailed(db, session.userId, failures);
    throw new HttpError(400, { code: [SECOND_FACTOR_MESSAGES.invalidCode] });
  }
  await completeSecondFactor(db, session.tokenHash);
  await forgetLoginFailures(db, session.userId);
}

/**
 * An operator takes a staff member's factor away (a lost phone and lost recovery codes), in the caller's
 * transaction, which audits it and ends the account's sessions; false when it had none on.
 */
export function removeSecondFactor(tx: DatabaseOrTransaction, userId: number): Promise<boolean> {
  return deleteSecondFactor(tx, userId);
}
