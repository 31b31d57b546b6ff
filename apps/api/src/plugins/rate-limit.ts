import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { FastifyInstance, FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../http-errors.ts';
import {
  forgetBucket,
  forgetFinishedWindows,
  recordHit,
} from '../modules/rate-limits/rate-limits.service.ts';

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/** Per client IP. Generous for a person, tight for a script enumerating the catalog or filling our tables. */
export const DEFAULT_RATE_LIMITS = {
  search: { max: 120, windowSeconds: 60 },
  nearStores: { max: 60, windowSeconds: 60 },
  /** Address search and reverse lookup (decision 019); an external geocoder itself is paced to 1 request/s. */
  geo: { max: 60, windowSeconds: 60 },
  cityRequest: { max: 10, windowSeconds: 3600 },
  /** The family member's public tracking page (issue 10): a person reloads it now and then. */
  tracking: { max: 60, windowSeconds: 60 },
  /**
   * Login attempts per IP (an office or a phone carrier shares one), every attempt counted. And FAILED logins
   * per e-mail from one client (e-mail + IP or /64), reset by a success: a guesser elsewhere never locks
   * the owner out (decision 013).
   */
  loginPerIp: { max: 30, windowSeconds: 300 },
  loginPerEmail: { max: 8, windowSeconds: 300 },
  /**
   * Login attempts per IPv6 /48, every attempt counted: one allocation holds 65,536 /64s, and without this
   * ceiling each of them would get its own per-IP and per-e-mail allowance (decision 013, security review).
   */
  loginPerNetwork: { max: 300, windowSeconds: 300 },
  /**
   * Password changes (issue 16), like logins: every attempt per IP, and the FAILED ones per account (reset by a
   * success), so a stolen session cannot guess the current password at leisure.
   */
  passwordChangePerIp: { max: 30, windowSeconds: 300 },
  passwordChangePerUser: { max: 8, windowSeconds: 300 },
  /** E-mail existence checks (the login panel asks once per e-mail typed). */
  emailLookupPerIp: { max: 30, windowSeconds: 300 },
  emailLookupPerEmail: { max: 10, windowSeconds: 300 },
  /**
   * New accounts per address (issue 27): 25 fresh accounts from one address held half a store's stock with
   * unpaid transfers. Every valid registration attempt counts; a family or an office registers a few.
   */
  registerPerIp: { max: 10, windowSeconds: 3600 },
  /** 'Descargar mis datos' (issue 32): each reads every order of the account; a person needs a few. */
  dataExportPerUser: { max: 6, windowSeconds: 3600 },
  /** Password-reset requests: each one sends an e-mail. */
  passwordResetPerIp: { max: 10, windowSeconds: 3600 },
  passwordResetPerEmail: { max: 3, windowSeconds: 3600 },
  /** Reset-link checks and confirmations together: each tells whether a token is live. */
  passwordResetTokenPerIp: { max: 30, windowSeconds: 300 },
  /**
   * Placing orders (security review): each attempt holds stock and may ask a processor to charge a card, so a
   * stolen-card tester or a stock hoarder is slowed per account and per client. Replays of one Idempotency-Key
   * count too, so the per-account figure leaves room for a client's retries.
   */
  placeOrderPerUser: { max: 60, windowSeconds: 600 },
  placeOrderPerIp: { max: 120, windowSeconds: 600 },
  /** Coupon checks: codes are words, so guessing them is slowed. */
  couponPerUser: { max: 30, windowSeconds: 600 },
  /** Saving a card asks the processor about it: a card tester's other door. */
  cardTokenPerUser: { max: 10, windowSeconds: 600 },
  /** Referral invitations (decision 026): each one e-mails someone who never asked us for anything. */
  invitationPerUser: { max: 10, windowSeconds: 3600 },
  // A day's cap on top of the hourly one: invitations go to inboxes that did not ask for them.
  invitationPerUserDay: { max: 30, windowSeconds: 86_400 },
  /** The help area's contact and suggestion forms (decision 028): each one stores a row and e-mails support. */
  contactPerIp: { max: 10, windowSeconds: 600 },
  suggestionPerIp: { max: 10, windowSeconds: 600 },
  /**
   * The courier's link (issue 17): every call per link and per client. A courier opens it, taps a few buttons
   * and retries on a bad network; a script trying tokens or codes is slowed (the codes also lock the link).
   */
  courierPerToken: { max: 120, windowSeconds: 600 },
  courierPerIp: { max: 300, windowSeconds: 600 },
  /** Proof photos per link: each one is stored, and a delivery needs one. */
  courierPhotoPerToken: { max: 20, windowSeconds: 3600 },
  /** The family's photos of 'Falta algo' per tracking link: each one is stored, a claim keeps one. */
  claimPhotoPerToken: { max: 10, windowSeconds: 3600 },
  /** 'Vende en Mandado' (issue 18): each application e-mails every operator and the applicant. */
  storeApplicationPerIp: { max: 5, windowSeconds: 3600 },
  /**
   * A store member's files (issue 18's catalog): product photos (up to 8 MB, decoded and re-encoded) and CSV
   * imports, dry runs included, together per account. An owner photographing a whole shelf stays well under
   * it; a stolen session or a runaway script cannot fill the disk or keep the image decoder busy.
   */
  merchantUploadPerUser: { max: 300, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimits = Record<RateLimitName, RateLimitRule>;

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

/**
 * The bucket a rule counts `key` under. The key (an address, an e-mail) is stored as its SHA-256 only: the
 * table is a counter, and it holds no personal data to leak, log or forget when an account is deleted
 * (issue 32). The rule's name stays readable, so finished windows are swept by rule.
 */
function bucketOf(name: RateLimitName, key: string): string {
  return `${name}:${createHash('sha256').update(key).digest('base64url')}`;
}

/**
 * Counts one hit of `name` for `key` (an IP, an e-mail) in a fixed window kept in the database, so it holds
 * across every instance behind a proxy. Over the limit it throws 429 with Retry-After and a Spanish detail:
 * the generic one, or `detail(secondsLeft)` where the wait is long enough to be worth saying.
 */
export async function enforceRateLimit(
  app: FastifyInstance,
  reply: FastifyReply,
  name: RateLimitName,
  key: string,
  detail: (secondsLeft: number) => string = () => SERVER_MESSAGES.tooManyRequests,
): Promise<void> {
  const rule = app.rateLimits[name];
  // The window is placed by the database's clock, which every instance shares (decision 036).
  const { hits, windowStart, secondsLeft } = await recordHit(app.db, bucketOf(name, key), rule.windowSeconds);
  // Finished windows are swept now and then by a request that opens a new one, rather than by a timer.
  if (hits === 1 && Math.random() < 0.05) await forgetFinishedWindows(app.db, name, windowStart);
  if (hits > rule.max) {
    reply.header('retry-after', String(secondsLeft));
    throw new HttpError(429, { detail: detail(secondsLeft) });
  }
}

/**
 * Forgets every hit of `name` for `key`. A login counts as a failure before the password is checked (so a
 * burst of parallel guesses is counted atomically) and a success forgets it: only failures remain.
 */
export async function resetRateLimit(app: FastifyInstance, name: RateLimitName, key: string): Promise<void> {
  await forgetBucket(app.db, bucketOf(name, key));
}

/**
 * The key a client IP is counted under. One IPv6 subscriber usually holds a whole /64, so IPv6 addresses
 * count by that prefix; otherwise every request could come from a fresh address.
 */
export function clientKey(ip: string): string {
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail = ''] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = ip.includes('::') ? [...headGroups, ...Array(missing).fill('0'), ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The network a client's address belongs to for the wider login ceiling: an IPv6 /48 (a site's usual
 * allocation); null for IPv4, where the per-address limit already is the ceiling (a /24 would lump together
 * strangers behind a carrier's NAT pool).
 */
export function networkKey(ip: string): string | null {
  const client = clientKey(ip);
  if (!client.endsWith('::/64')) return null;
  return `${client.slice(0, -'::/64'.length).split(':').slice(0, 3).join(':')}::/48`;
}

/** A route's preHandler limiting each client (IP, or IPv6 /64). */
export function rateLimit(app: FastifyInstance, name: RateLimitName): preHandlerAsyncHookHandler {
  return async (request, reply) => enforceRateLimit(app, reply, name, clientKey(request.ip));
}
