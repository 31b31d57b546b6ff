import type { FastifyBaseLogger } from 'fastify';
import { reportError } from '../modules/observability/error-reporting.ts';
import { inSpan } from '../modules/observability/tracing.ts';

/** What a running job offers the server and the tests. */
export interface JobRunner {
  /** Runs a pass soon, rather than at the next poll: call it after a commit wrote rows for it. */
  kick(): void;
  /** Runs a pass now and resolves when it is done (tests); rejects if it failed. */
  drain(): Promise<void>;
  /** Stops polling and waits for the pass in progress, which starts no more rows and gives back the rest. */
  stop(): Promise<void>;
}

/** A kind of background job as the runner sees it: a pass, and when to run it. Built by outboxJob or sweepJob. */
export interface JobKind {
  /** mail, push, webhooks, refunds, order-expiry, unsettled-charges, photo-sweep. */
  name: string;
  /** How often a pass runs without a kick (retries, rows another instance wrote). */
  intervalMs: number;
  /** When the first pass runs without a kick; absent: after `intervalMs`. */
  firstPassMs?: number;
  /** Logged and reported when a pass fails ('E-mail outbox pass failed'). */
  failureMessage: string;
  /** One pass. Once `stopping()` answers true it starts no more work and gives back what it claimed. */
  pass: (stopping: () => boolean) => Promise<void>;
}

/**
 * Runs a kind inside the API process (decisions 008, 036, 054, 058): passes never overlap in a process (a
 * request during a pass queues one more, later requests join it), a poll every `intervalMs` picks up retries
 * and rows another instance wrote, and a failed pass is logged and reported, never thrown at the timer.
 * Across processes the rows' leases (or compare-and-sets) keep two instances apart.
 */
export function startJob(kind: JobKind, log: FastifyBaseLogger): JobRunner {
  let stopped = false;
  /** The tail of the chain of passes; never rejects. */
  let tail: Promise<void> = Promise.resolve();
  /** A pass queued behind the running one and not started yet: later requests join it. */
  let queued: Promise<void> | null = null;

  function requestPass(): Promise<void> {
    if (queued) return queued;
    const pass = tail.then(() => {
      queued = null;
      return stopped ? undefined : kind.pass(() => stopped);
    });
    queued = pass;
    tail = pass.catch((error: unknown) => {
      log.error({ err: error }, kind.failureMessage);
      reportError(error, { worker: kind.failureMessage });
    });
    return pass;
  }
  const poll = () => {
    if (!queued) void requestPass().catch(() => {});
  };

  // Timers alone never keep the process alive; the server stops its jobs on close.
  const first = kind.firstPassMs === undefined ? null : setTimeout(poll, kind.firstPassMs);
  first?.unref();
  const timer = setInterval(poll, kind.intervalMs);
  timer.unref();

  return {
    kick() {
      if (!stopped) void requestPass().catch(() => {});
    },
    drain() {
      return requestPass();
    },
    async stop() {
      stopped = true;
      if (first) clearTimeout(first);
      clearInterval(timer);
      await tail;
    },
  };
}

/** A row a batch handled, with what its handler answered. */
export interface HandledRow<Row, Outcome> {
  row: Row;
  outcome: Outcome;
}

/**
 * What an outbox kind supplies (mail, push, webhooks, refunds): its rows' claim, the handling of one row,
 * and giving back what it claimed and did not start. The SQL stays in the owner's repository; the handler
 * calls it. A handler records each row's outcome (done, retry with retryDelaySeconds, failed) itself, or in
 * `finish` for the whole batch at once.
 */
export interface OutboxHandler<Row, Batch, Outcome> {
  /** The outbox's name in spans (`outbox <name>`) and metrics. */
  name: string;
  batchSize: number;
  /** Rows in flight at once; 1 by default. */
  concurrency?: number;
  /** Leases up to `limit` due rows (`for update skip locked`): no other instance gets them meanwhile. */
  claim(limit: number): Promise<Row[]>;
  /** Reads what the batch's rows share (keys, endpoints); a throw fails the pass and the leases run out. */
  prepare(rows: readonly Row[]): Promise<Batch>;
  /** Handles one row and records its outcome; a throw ends its lane and fails the pass once the batch ends. */
  handle(row: Row, batch: Batch): Promise<Outcome>;
  /** Called once per batch, even when a lane failed, with the rows handled (one statement for all of them). */
  finish?(handled: readonly HandledRow<Row, Outcome>[]): Promise<void>;
  /** Gives back rows claimed and not started (the job is stopping, or a lane failed): due again at once. */
  release(rows: readonly Row[]): Promise<void>;
  /** Extends the leases of the rows still in the batch, every `everyMs` while it runs; must not reject. */
  renew?: { everyMs: number; leases(rows: readonly Row[]): Promise<void> };
}

/** Claims one batch and handles it; answers how many rows it claimed. */
async function runBatch<Row, Batch, Outcome>(
  handler: OutboxHandler<Row, Batch, Outcome>,
  stopping: () => boolean,
): Promise<number> {
  const rows = await handler.claim(handler.batchSize);
  if (rows.length === 0) return 0;
  const batch = await handler.prepare(rows);
  const unfinished = new Set(rows);
  const handled: HandledRow<Row, Outcome>[] = [];
  const queue = [...rows];
  const renew = handler.renew;
  const renewal = renew
    ? setInterval(() => void renew.leases([...unfinished]).catch(() => {}), renew.everyMs)
    : null;
  try {
    // Settled, not Promise.all: every lane has ended before the rows left in `unfinished` are given back.
    const lanes = await Promise.allSettled(
      Array.from({ length: Math.min(Math.max(1, handler.concurrency ?? 1), queue.length) }, async () => {
        for (
          let row = stopping() ? undefined : queue.shift();
          row;
          row = stopping() ? undefined : queue.shift()
        ) {
          try {
            handled.push({ row, outcome: await handler.handle(row, batch) });
          } finally {
            unfinished.delete(row);
          }
        }
      }),
    );
    const failed = lanes.find((lane) => lane.status === 'rejected');
    if (failed) throw failed.reason;
  } finally {
    if (renewal) clearInterval(renewal);
    await handler.finish?.(handled);
    // Left unstarted because the job is stopping: another instance takes them now, not when the lease ends.
    if (unfinished.size > 0) await handler.release([...unfinished]);
  }
  return rows.length;
}

/**
 * One outbox pass: batches until one comes back short (failed rows move to the future, so it ends) or the
 * job stops, one span per batch with how many rows it claimed (decision 055).
 */
export async function runOutboxPass<Row, Batch, Outcome>(
  handler: OutboxHandler<Row, Batch, Outcome>,
  stopping: () => boolean,
): Promise<void> {
  const spannedBatch = () =>
    inSpan(`outbox ${handler.name}`, { 'mandado.outbox': handler.name }, async (span) => {
      const claimed = await runBatch(handler, stopping);
      span.setAttribute('mandado.outbox.claimed', claimed);
      return claimed;
    });
  while (!stopping() && (await spannedBatch()) === handler.batchSize) {}
}

/** An outbox kind for startJob. */
export function outboxJob<Row, Batch, Outcome>(
  handler: OutboxHandler<Row, Batch, Outcome>,
  schedule: { intervalMs: number; failureMessage: string },
): JobKind {
  return {
    name: handler.name,
    intervalMs: schedule.intervalMs,
    failureMessage: schedule.failureMessage,
    pass: (stopping) => runOutboxPass(handler, stopping),
  };
}

/**
 * A kind with no rows of its own to lease (order expiry, the unsettled charges, the photo sweep): each pass
 * reads what is due and compare-and-sets or row locks keep instances apart. One span per pass, `job <name>`.
 */
export function sweepJob(options: {
  name: string;
  intervalMs: number;
  firstPassMs?: number;
  failureMessage: string;
  sweep: (stopping: () => boolean) => Promise<void>;
}): JobKind {
  const { sweep, ...kind } = options;
  return {
    ...kind,
    pass: (stopping) => inSpan(`job ${options.name}`, { 'mandado.job': options.name }, () => sweep(stopping)),
  };
}
