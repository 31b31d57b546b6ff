import { setTimeout } from 'node:timers/promises';
import { MESSAGES } from '@mandado/shared/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http-errors.ts';
import { clientKey } from './rate-limit.ts';

/** How many requests one caller may have waiting or in progress at once on this instance (decision 014). */
export interface ConcurrencyLimits {
  /**
   * Per session cookie, for API calls. Over HTTP/1.1 a browser has at most 6 connections per host, but behind
   * an HTTP/2 proxy it multiplexes every call of a page start at once: the cap leaves room for that. The
   * fair queue, not this cap, is what keeps a bystander served; the cap bounds what one caller may hold.
   */
  perSession: number;
  /** Per client address (IPv6 per /64), sessions or not, API and media: an office or a carrier's NAT shares one. */
  perClient: number;
  /**
   * A refused request is answered after this pause (with no work meanwhile): a flooding client retries at
   * once, and answering thousands of 429s a second would itself hold the event loop.
   */
  refusalDelayMs: number;
}

export const DEFAULT_CONCURRENCY_LIMITS: ConcurrencyLimits = {
  perSession: 16,
  perClient: 64,
  refusalDelayMs: 1000,
};

/** Counts requests in progress per key; a key disappears when its count drops to zero. */
export class InFlightCounter {
  private readonly counts = new Map<string, number>();

  /** Takes a slot for `key` unless it already holds `max`; false when refused. */
  tryAcquire(key: string, max: number): boolean {
    const count = this.counts.get(key) ?? 0;
    if (count >= max) return false;
    this.counts.set(key, count + 1);
    return true;
  }

  release(key: string): void {
    const count = this.counts.get(key) ?? 0;
    if (count <= 1) this.counts.delete(key);
    else this.counts.set(key, count - 1);
  }

  inFlight(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}

/**
 * Admits waiting requests one per turn of the event loop, taking turns between callers (round robin).
 *
 * The embedded database runs queries on the event loop and resolves them without I/O, so a request runs
 * from its first query to its answer in one go, and Node then serves the next connection that was ready.
 * With 64 connections ready, a bystander's request waited behind 64 whole requests. Here every request
 * queues under its caller's key and the queue lets one through per loop turn, so a request that arrived
 * meanwhile enters the rotation at once and waits behind at most one request of each other caller.
 */
export class FairQueue {
  /** Waiting requests per key; the Map's insertion order is the rotation. */
  private readonly waiting = new Map<string, Array<() => void>>();
  /**
   * The caller served last, kept out of the rotation until the next admission: a caller whose request
   * arrived while that one ran goes ahead of it, rather than behind a caller that was just served.
   */
  private parked: { key: string; queue: Array<() => void> } | null = null;
  private scheduled = false;

  /** Resolves when it is this request's turn. */
  wait(key: string): Promise<void> {
    return new Promise((resolve) => {
      const queue = this.parked?.key === key ? this.parked.queue : this.waiting.get(key);
      if (queue) queue.push(resolve);
      else this.waiting.set(key, [resolve]);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // setImmediate, not a microtask: the loop polls for new connections before the next admission.
    setImmediate(() => this.admitNext());
  }

  private admitNext(): void {
    this.scheduled = false;
    if (this.parked) {
      if (this.parked.queue.length > 0) this.waiting.set(this.parked.key, this.parked.queue);
      this.parked = null;
    }
    const next = this.waiting.entries().next();
    if (next.done) return;
    const [key, queue] = next.value;
    this.waiting.delete(key);
    const admit = queue.shift();
    this.parked = { key, queue };
    admit?.();
    if (this.waiting.size > 0 || queue.length > 0) this.schedule();
  }
}

// The session cookie's name over HTTPS and over plain HTTP (plugins/session.ts).
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?mandado_session=([^;]{1,100})/;

/**
 * The session token the request claims, read from the Cookie header itself: this runs before the cookie
 * plugin and before the session is looked up, because the point is to refuse without touching the database.
 * An unchecked token is fine as a key: a forged one only gets its own small allowance, and the per-client
 * limit still counts it.
 */
function claimedSessionToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  return SESSION_COOKIE.exec(header)?.[1] ?? null;
}

/** Routes whose work reaches the database: the API and stored media (static files of the web app do not). */
function usesDatabase(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return url !== undefined && (url.startsWith('/v1/') || url.startsWith('/media/'));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Gives back the request's in-flight slots; null when it holds none. Idempotent. */
    releaseConcurrencySlots: (() => void) | null;
  }
}

/**
 * Fairness in front of the database (decision 014). The embedded database's work holds the event loop, so
 * one caller with many connections made everyone else wait behind all of its requests. Two parts:
 * - each session and each client address may have only a few requests waiting or in progress; more are
 *   answered 429 at once, before the session lookup, so the excess of a flood costs no database work;
 * - the requests let in take turns per caller (FairQueue): a session's key is its cookie, a visitor's is
 *   the address, so a bystander waits behind about one request of each other active caller.
 * The counts live in memory: they describe this process's own queue, so they need not be shared between
 * instances (unlike the rate limits of decision 004), and they cost no write per request.
 */
export function registerRequestFairness(app: FastifyInstance, limits: ConcurrencyLimits): void {
  const counter = new InFlightCounter();
  const queue = new FairQueue();
  app.decorateRequest('releaseConcurrencySlots', null);

  // Registered before the session plugin, whose onRequest hook is the first database query of a request.
  app.addHook('onRequest', async (request, reply) => {
    if (!usesDatabase(request)) return;
    // Stored media is public and a page loads dozens of images at once: it counts per address only, so a
    // logged-in shopper's images never use up the allowance of their API calls.
    const token = request.routeOptions.url?.startsWith('/v1/') ? claimedSessionToken(request) : null;
    const sessionKey = token === null ? null : `session:${token}`;
    const addressKey = `client:${clientKey(request.ip)}`;
    const refuse = async () => {
      // Spread over ±50%: refusals made together would otherwise all come back in the same instant.
      if (limits.refusalDelayMs > 0) await setTimeout(limits.refusalDelayMs * (0.5 + Math.random()));
      reply.header('retry-after', String(Math.max(1, Math.ceil(limits.refusalDelayMs / 1000))));
      return new HttpError(429, { detail: MESSAGES.tooManyRequests });
    };
    if (sessionKey !== null && !counter.tryAcquire(sessionKey, limits.perSession)) throw await refuse();
    if (!counter.tryAcquire(addressKey, limits.perClient)) {
      if (sessionKey !== null) counter.release(sessionKey);
      throw await refuse();
    }
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      counter.release(addressKey);
      if (sessionKey !== null) counter.release(sessionKey);
    };
    request.releaseConcurrencySlots = release;
    // 'close' fires once the answer is written or the connection dropped, whichever comes first, so a slot is
    // never kept by a client that went away; onResponse covers injected requests.
    reply.raw.once('close', release);
    await queue.wait(sessionKey ?? addressKey);
  });

  app.addHook('onResponse', async (request) => {
    request.releaseConcurrencySlots?.();
  });
}
