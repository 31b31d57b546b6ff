import type { FastifyBaseLogger } from 'fastify';

/** What an outbox worker offers the server and the tests (e-mail, Web Push, webhooks). */
export interface OutboxPasses {
  /** Sends what is due soon, rather than at the next poll: call it after a commit wrote rows. */
  kick(): void;
  /** Sends everything due now and resolves when done (tests); rejects if the database fails. */
  drain(): Promise<void>;
  /** Stops polling and waits for the pass in progress, which starts no more rows and gives back the rest. */
  stop(): Promise<void>;
}

/**
 * The scheduling every outbox worker shares (decisions 008, 036; issues 17 and 19): passes never overlap in a
 * process (a request during a pass queues one more, later requests join it), a pass sends batches until one
 * comes back short (failed rows move to the future, so it ends), and a poll every `intervalMs` picks up
 * retries and rows another instance wrote. Across processes the rows' leases keep two workers apart.
 */
export function runOutboxPasses(options: {
  /**
   * Claims and sends one batch; answers how many rows it claimed. Once `stopping()` answers true (the worker
   * is stopping) it starts no more rows and gives back the ones it claimed and did not start (issue 27).
   */
  sendBatch: (stopping: () => boolean) => Promise<number>;
  batchSize: number;
  intervalMs: number;
  log: FastifyBaseLogger;
  /** Logged when a pass fails ('E-mail outbox pass failed'). */
  failureMessage: string;
}): OutboxPasses {
  const { sendBatch, batchSize, log } = options;
  let stopped = false;
  /** The tail of the chain of passes; never rejects. */
  let tail: Promise<void> = Promise.resolve();
  /** A pass queued behind the running one and not started yet: later requests join it. */
  let queued: Promise<void> | null = null;

  async function sendAllDue(): Promise<void> {
    while (!stopped && (await sendBatch(() => stopped)) === batchSize) {}
  }

  function requestPass(): Promise<void> {
    if (queued) return queued;
    const pass = tail.then(() => {
      queued = null;
      return sendAllDue();
    });
    queued = pass;
    tail = pass.catch((error: unknown) => {
      log.error({ err: error }, options.failureMessage);
    });
    return pass;
  }

  const timer = setInterval(() => {
    if (!queued) void requestPass().catch(() => {});
  }, options.intervalMs);
  // Polling alone never keeps the process alive; the server stops the worker on close.
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
      clearInterval(timer);
      await tail;
    },
  };
}
