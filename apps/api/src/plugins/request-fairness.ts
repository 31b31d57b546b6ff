import { setTimeout } from 'node:timers/promises';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
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

/** How long a request whose client left may still hold its slot while its handler finishes. */
const ABANDONED_SLOT_MS = 30_000;

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

/** One waiting request: settled with true on its turn, or false when it was cancelled first. */
interface Waiter {
  settle: (admitted: boolean) => void;
  settled: boolean;
}

/** A rotation of keys, each with its own list; the key served last goes behind keys that arrived meanwhile. */
class Rotation<T> {
  /** Waiting entries per key; the Map's insertion order is the rotation. */
  readonly waiting = new Map<string, T>();
  /** The key served last, kept out of the rotation until the next admission. */
  parked: { key: string; entry: T } | null = null;

  /** The entry of `key`, created with `make` when the key has none (parked or waiting). */
  entryFor(key: string, make: () => T): T {
    if (this.parked?.key === key) return this.parked.entry;
    let entry = this.waiting.get(key);
    if (!entry) {
      entry = make();
      this.waiting.set(key, entry);
    }
    return entry;
  }

  /** Puts the parked key back at the end of the rotation (if it still waits) and takes the first key. */
  next(stillWaiting: (entry: T) => boolean): { key: string; entry: T } | null {
    if (this.parked) {
      if (stillWaiting(this.parked.entry)) this.waiting.set(this.parked.key, this.parked.entry);
      this.parked = null;
    }
    for (const [key, entry] of this.waiting) {
      this.waiting.delete(key);
      if (stillWaiting(entry)) return { key, entry };
    }
    return null;
  }

  isEmpty(): boolean {
    return this.waiting.size === 0 && this.parked === null;
  }
}

/**
 * Admits waiting requests one per turn of the event loop, taking turns between client addresses and, within
 * an address, between sessions (round robin at both levels).
 *
 * The embedded database runs queries on the event loop and resolves them without I/O, so a request runs
 * from its first query to its answer in one go, and Node then serves the next connection that was ready.
 * With 64 connections ready, a bystander's request waited behind 64 whole requests. Here every request
 * queues under its caller's keys and the queue lets one through per loop turn, so a request that arrived
 * meanwhile enters the rotation at once and waits behind at most one request of each other address. The
 * address comes first because the session key is only claimed: a flood sending a made-up cookie on every
 * connection still gets one turn per round for its address.
 */
export class FairQueue {
  private readonly addresses = new Rotation<Rotation<Waiter[]>>();
  private scheduled = false;

  /**
   * Queues a request; `turn` resolves true when it may run, or false once `cancel` was called before that
   * (a client that went away must not keep its place, nor have its work run later).
   */
  wait(address: string, caller: string = address): { turn: Promise<boolean>; cancel: () => void } {
    let waiter: Waiter = { settle: () => {}, settled: false };
    const turn = new Promise<boolean>((resolve) => {
      waiter = {
        settled: false,
        settle: (admitted) => {
          if (waiter.settled) return;
          waiter.settled = true;
          resolve(admitted);
        },
      };
    });
    const callers = this.addresses.entryFor(address, () => new Rotation<Waiter[]>());
    callers.entryFor(caller, () => []).push(waiter);
    this.schedule();
    return { turn, cancel: () => waiter.settle(false) };
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // setImmediate, not a microtask: the loop polls for new connections before the next admission.
    setImmediate(() => this.admitNext());
  }

  private admitNext(): void {
    this.scheduled = false;
    const hasLive = (waiters: Waiter[]) => {
      while (waiters[0]?.settled) waiters.shift();
      return waiters.length > 0;
    };
    const hasLiveCaller = (callers: Rotation<Waiter[]>) => {
      if (callers.parked && !hasLive(callers.parked.entry)) callers.parked = null;
      for (const [key, waiters] of callers.waiting) if (!hasLive(waiters)) callers.waiting.delete(key);
      return !callers.isEmpty();
    };
    const address = this.addresses.next(hasLiveCaller);
    if (address) {
      const caller = address.entry.next(hasLive);
      // hasLiveCaller made sure this address has a live waiter, so `caller` is there.
      if (caller) {
        caller.entry.shift()?.settle(true);
        address.entry.parked = caller;
      }
      this.addresses.parked = address;
    }
    if (!this.addresses.isEmpty()) this.schedule();
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
      return new HttpError(429, { detail: SERVER_MESSAGES.tooManyRequests });
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
    const { turn, cancel } = queue.wait(addressKey, sessionKey ?? addressKey);
    // A client that leaves while waiting gives its place back and its request never runs. Once let in, the
    // slot is held until the work is done (onSend/onResponse), not until the socket closes: otherwise a
    // client could send, hang up and repeat, with all that work still to run and no cap counting it.
    const onClose = () => {
      cancel();
      release();
    };
    reply.raw.once('close', onClose);
    const admitted = await turn;
    reply.raw.removeListener('close', onClose);
    if (!admitted) {
      // Nobody is listening any more: answer nothing and run nothing.
      reply.hijack();
      return reply;
    }
    // A handler that never answers must not keep the slot for ever once its client is gone.
    reply.raw.once('close', () => {
      if (held) void setTimeout(ABANDONED_SLOT_MS, undefined, { ref: false }).then(release);
    });
  });

  // The answer is ready (the handler and its database work are done), whether or not it can still be sent.
  app.addHook('onSend', async (request) => {
    request.releaseConcurrencySlots?.();
  });

  app.addHook('onResponse', async (request) => {
    request.releaseConcurrencySlots?.();
  });
}
