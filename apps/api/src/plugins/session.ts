import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import { MESSAGES } from '@mandado/shared/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Actor, actorFrom } from '../authorization.ts';
import { HttpError } from '../http-errors.ts';
import {
  closeSession,
  findSession,
  markSessionSeen,
  openSession,
  sweepDeadSessions,
} from '../modules/sessions/sessions.service.ts';

/** Decision 007: how long a session lives. */
export interface SessionLifetimes {
  /** Ends a session nobody used for this long. */
  idleSeconds: number;
  /** Ends a session this long after login, whatever the activity. */
  absoluteSeconds: number;
}

export const DEFAULT_SESSION_LIFETIMES: SessionLifetimes = {
  idleSeconds: 14 * 24 * 3600,
  absoluteSeconds: 60 * 24 * 3600,
};

/** last_seen_at is written at most this often, so browsing does not turn every read into a write. */
const TOUCH_INTERVAL_MS = 60_000;

export interface RequestSession {
  userId: number;
  tokenHash: string;
  csrfToken: string;
  /**
   * The password was right, the second factor is still owed (decision 053): `request.actor` stays null, and
   * only the second-factor check may complete the session, within minutes of `createdAt`.
   */
  secondFactorPending: boolean;
  createdAt: Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionLifetimes: SessionLifetimes;
  }
  interface FastifyContextConfig {
    /**
     * A processor's webhook (decision 023): it proves itself by a signature over its body, carries no cookie
     * or CSRF token, and is exempt from the CSRF check. Only the Stripe webhook route sets it.
     */
    signedWebhook?: boolean;
  }
  interface FastifyRequest {
    /** The logged-in session, or null for a visitor. */
    session: RequestSession | null;
    /** Who is acting (decision 012), resolved with the session; null for a visitor. */
    actor: Actor | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** `__Host-` pins a cookie to our exact origin over HTTPS; plain HTTP (development, tests) cannot use it. */
function cookieName(request: FastifyRequest, base: 'session' | 'csrf'): string {
  return `${isSecure(request) ? '__Host-' : ''}mandado_${base}`;
}

function cookieOptions(request: FastifyRequest, maxAgeSeconds?: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecure(request),
    path: '/',
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Whether the matched route is an API route. The raw URL would not do: the router also matches `//v1/…` and
 * `/%761/…`, which must not slip past the CSRF check.
 */
function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/v1/') ?? false;
}

/** The request comes from our own pages: its Origin (or, lacking one, its Referer) names our host. */
function fromOwnOrigin(request: FastifyRequest): boolean {
  const source = request.headers.origin ?? request.headers.referer;
  if (!source) return true; // Not a browser: CSRF is a browser attack, and the token is still required.
  try {
    // request.host honours X-Forwarded-Host only from the proxies TRUST_PROXY names.
    const own = new URL(`${request.protocol}://${request.host}`);
    const from = new URL(source);
    return from.protocol === own.protocol && from.host === own.host;
  } catch {
    return false;
  }
}

/**
 * Sessions in the database (decision 007): a random 256-bit token in an HttpOnly cookie, only its hash
 * stored, with idle and absolute expiry. Every state change under /v1 must carry the CSRF token as
 * X-CSRFToken and come from our own origin, or it is refused with 403.
 */
export async function registerSessions(app: FastifyInstance, lifetimes: SessionLifetimes): Promise<void> {
  await app.register(cookie);
  app.decorate('sessionLifetimes', lifetimes);
  app.decorateRequest('session', null);
  app.decorateRequest('actor', null);

  app.addHook('onRequest', async (request) => {
    if (!isApiRoute(request)) return;
    const token = request.cookies[cookieName(request, 'session')];
    if (!token || token.length > 100) return;
    const tokenHash = hashToken(token);
    const idleSince = new Date(Date.now() - lifetimes.idleSeconds * 1000);
    const row = await findSession(app.db, tokenHash, idleSince);
    if (!row) return;
    request.session = {
      userId: row.userId,
      tokenHash,
      csrfToken: row.csrfToken,
      secondFactorPending: row.secondFactorPending,
      createdAt: row.createdAt,
    };
    request.actor = row.secondFactorPending ? null : actorFrom(row);
    if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await markSessionSeen(app.db, tokenHash);
  });

  // preValidation: only matched routes (an unknown path stays a 404), before the body is validated.
  app.addHook('preValidation', async (request) => {
    // The not-found handler runs this hook too (no matched route): an unknown path stays a plain 404.
    if (SAFE_METHODS.has(request.method) || !isApiRoute(request)) return;
    if (request.routeOptions.config.signedWebhook === true) return;
    enforceCsrf(request);
  });
}

/**
 * The CSRF check itself (403 unless the X-CSRFToken matches and the request comes from our origin). The
 * app's preValidation hook runs it for every state change; a route whose body is costly to read (an upload)
 * also calls it from its own onRequest hook, so a forged request is refused before its body is read. Needs
 * the session, which this plugin's onRequest hook (registered before every route) has already looked up.
 */
export function enforceCsrf(request: FastifyRequest): void {
  const sent = request.headers['x-csrftoken'];
  const expected = request.session?.csrfToken ?? request.cookies[cookieName(request, 'csrf')];
  if (!fromOwnOrigin(request) || typeof sent !== 'string' || !expected || !sameToken(sent, expected)) {
    throw new HttpError(403, { detail: MESSAGES.csrfFailed });
  }
}

/**
 * The CSRF token for this caller: the session's, or for a visitor a random one kept in an HttpOnly cookie
 * (double submit: another site can neither read our answer nor set our cookie).
 */
export function csrfTokenFor(request: FastifyRequest, reply: FastifyReply): string {
  if (request.session) return request.session.csrfToken;
  const name = cookieName(request, 'csrf');
  const existing = request.cookies[name];
  if (existing && existing.length <= 100) return existing;
  const token = randomToken();
  reply.setCookie(name, token, cookieOptions(request));
  return token;
}

/** Starts a fresh session for a user who just proved who they are; any session the request had ends. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  options: { secondFactorPending?: boolean } = {},
): Promise<RequestSession> {
  if (request.session) await closeSession(app.db, request.session.tokenHash);
  const token = randomToken();
  const secondFactorPending = options.secondFactorPending === true;
  const session = {
    userId,
    tokenHash: hashToken(token),
    csrfToken: randomToken(),
    secondFactorPending,
    createdAt: new Date(),
  };
  const { absoluteSeconds, idleSeconds } = app.sessionLifetimes;
  await openSession(app.db, {
    userId,
    tokenHash: session.tokenHash,
    csrfToken: session.csrfToken,
    secondFactorPending,
    expiresAt: new Date(Date.now() + absoluteSeconds * 1000),
  });
  // Dead sessions are swept by logins now and then rather than by a timer, like rate-limit windows.
  if (Math.random() < 0.05) await sweepDeadSessions(app.db, new Date(Date.now() - idleSeconds * 1000));
  reply.setCookie(cookieName(request, 'session'), token, cookieOptions(request, absoluteSeconds));
  request.session = session;
  // The rest of this request acts for the new user; their staff roles are read from the next request on.
  request.actor = secondFactorPending
    ? null
    : actorFrom({ userId, operatorGroup: null, storeIds: [], ownedStoreIds: [] });
  return session;
}

export async function endSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (request.session) await closeSession(app.db, request.session.tokenHash);
  request.session = null;
  request.actor = null;
  reply.clearCookie(cookieName(request, 'session'), cookieOptions(request));
}
