import type { Database } from '../../db/database.ts';
import { takePacedSlot } from './request-pacer.repository.ts';

/**
 * Spaces calls to an external service at least `intervalMs` apart, in arrival order, across the whole
 * process: every caller of one pacer shares its schedule. A call that would have to wait longer than
 * `maxWaitMs` is refused at once instead of queueing (the person waiting for a suggestion has left by then).
 */
export interface RequestPacer {
  /** Runs `task` in the next free slot; throws PacerBusyError when that slot is too far away. */
  schedule<T>(task: () => Promise<T>): Promise<T>;
}

export class PacerBusyError extends Error {
  constructor(waitMs: number) {
    super(`The next free slot is ${waitMs} ms away`);
    this.name = 'PacerBusyError';
  }
}

export function createRequestPacer(intervalMs: number, maxWaitMs: number): RequestPacer {
  let nextSlotAt = 0;
  return {
    async schedule(task) {
      const now = Date.now();
      const startAt = Math.max(now, nextSlotAt);
      if (startAt - now > maxWaitMs) throw new PacerBusyError(startAt - now);
      // The slot is taken before waiting, so concurrent callers line up one interval apart.
      nextSlotAt = startAt + intervalMs;
      if (startAt > now) await new Promise((resolve) => setTimeout(resolve, startAt - now));
      return task();
    },
  };
}

const pacersByOrigin = new Map<string, RequestPacer>();

/**
 * One pacer per service origin for the whole process: Nominatim's policy is at most one request per second
 * per application, however many app instances or geocoder objects the process builds (tests build many).
 */
export function processPacerFor(origin: string, intervalMs = 1000, maxWaitMs = 5000): RequestPacer {
  let pacer = pacersByOrigin.get(origin);
  if (!pacer) {
    pacer = createRequestPacer(intervalMs, maxWaitMs);
    pacersByOrigin.set(origin, pacer);
  }
  return pacer;
}

/**
 * The same schedule shared by every instance on one database (decision 036): Nominatim's 1 request a second
 * is per application, so N instances must not send N a second. Each call takes its slot with one statement.
 */
export function databasePacerFor(
  db: Database,
  origin: string,
  intervalMs = 1000,
  maxWaitMs = 5000,
): RequestPacer {
  return {
    async schedule(task) {
      const waitMs = await takePacedSlot(db, origin, intervalMs, maxWaitMs);
      if (waitMs === null) throw new PacerBusyError(maxWaitMs);
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
      return task();
    },
  };
}
