import { randomBytes, randomUUID } from 'node:crypto';
import type { LoginResponse, RemitterUpdate, User } from '@mandado/shared/account.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { normalizeInternationalPhone } from '@mandado/shared/phone-number';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http-errors.ts';
import { clientKey, enforceRateLimit } from '../../plugins/rate-limit.ts';
import { endSession, requireUserId, startSession } from '../../plugins/session.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password-hashing.ts';
import { presentUser } from './user.presenter.ts';
import {
  findUserByEmail,
  findUserById,
  findUserIdByReferralToken,
  insertUser,
  updateRemitter,
} from './users.repository.ts';

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

/** The logged-in user, or null for a visitor (or a session whose user was deleted). */
export async function currentUser(app: FastifyInstance, request: FastifyRequest): Promise<User | null> {
  if (!request.session) return null;
  const row = await findUserById(app.db, request.session.userId);
  return row ? presentUser(row) : null;
}

/** POST /users/create/: a new remitter, logged in at once (the spec's panel then behaves as after a login). */
export async function register(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: RegistrationInput,
): Promise<LoginResponse> {
  // Registration also tells whether an e-mail has an account, so it shares the lookups' limit.
  await enforceRateLimit(app, reply, 'emailLookupPerIp', clientKey(request.ip));
  await enforceRateLimit(app, reply, 'emailLookupPerEmail', input.email);
  const phone = phoneOrFail(input.phone_number);
  let referredByUserId: number | null = null;
  if (input.referral_token) {
    referredByUserId = await findUserIdByReferralToken(app.db, input.referral_token);
    if (referredByUserId === null)
      throw new HttpError(400, { referral_token: [MESSAGES.invalidReferralToken] });
  }
  if (await findUserByEmail(app.db, input.email)) throw new HttpError(400, { email: [MESSAGES.emailTaken] });
  const user = await insertUser(app.db, {
    accountId: randomUUID(),
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.first_name,
    lastName: input.last_name,
    phoneE164: phone.e164,
    phoneFormatted: phone.formatted,
    referralToken: randomBytes(18).toString('base64url'),
    referredByUserId,
  });
  if (!user) throw new HttpError(400, { email: [MESSAGES.emailTaken] });
  const session = await startSession(app, request, reply, user.id);
  return { user_account_id: user.accountId, first_name: user.firstName, csrf_token: session.csrfToken };
}

/**
 * POST /login/. Throttled per IP and per e-mail; an unknown e-mail costs the same hashing work and gets the
 * same answer as a wrong password, so neither timing nor text tells whether an account exists.
 */
export async function login(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { username: string; password: string },
): Promise<LoginResponse> {
  await enforceRateLimit(app, reply, 'loginPerIp', clientKey(request.ip));
  await enforceRateLimit(app, reply, 'loginPerEmail', input.username);
  const user = await findUserByEmail(app.db, input.username);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!user || !valid) throw new HttpError(400, { non_field_errors: [MESSAGES.invalidCredentials] });
  const session = await startSession(app, request, reply, user.id);
  return { user_account_id: user.accountId, first_name: user.firstName, csrf_token: session.csrfToken };
}

export async function logout(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  await endSession(app, request, reply);
}

/** The e-mail-first panel asks whether an account exists; throttled so it cannot be used to list accounts. */
export async function emailExists(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
): Promise<boolean> {
  await enforceRateLimit(app, reply, 'emailLookupPerIp', clientKey(request.ip));
  await enforceRateLimit(app, reply, 'emailLookupPerEmail', email);
  return (await findUserByEmail(app.db, email)) !== null;
}

export async function updateOwnDetails(
  app: FastifyInstance,
  request: FastifyRequest,
  input: RemitterUpdate,
): Promise<User> {
  const userId = requireUserId(request);
  const phone = phoneOrFail(input.phone_number);
  const row = await updateRemitter(app.db, userId, {
    firstName: input.first_name.trim(),
    lastName: input.last_name.trim(),
    phoneE164: phone.e164,
    phoneFormatted: phone.formatted,
  });
  if (!row) throw new HttpError(401, { detail: MESSAGES.notAuthenticated });
  return presentUser(row);
}
