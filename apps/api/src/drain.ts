import type { FastifyInstance } from 'fastify';
import type { Readiness } from './modules/health/readiness.ts';

/** How long closing the pool may take after the rest of the drain. */
const DATABASE_CLOSE_LIMIT_MS = 5000;

/**
 * An instance's orderly end (SIGTERM in a rolling restart or a scale-down; issue 27), in this order:
 * 1. /ready answers 503, so proxies that probe it send nothing new;
 * 2. the server stops accepting connections and finishes the requests in flight (a keep-alive client that
 *    sends one more is served and told `Connection: close`, see buildApp);
 * 3. the workers stop: passes in progress end, rows claimed and not started are given back;
 * 4. the pool closes.
 * Whatever is still open when `timeoutMs` runs out is cut, so a stuck client or SMTP server never holds a
 * deployment. Answers whether it had to cut.
 */
export async function drainInstance(options: {
  app: FastifyInstance;
  readiness: Readiness;
  stopWorkers: () => Promise<void>;
  closeDatabase: () => Promise<void>;
  timeoutMs: number;
}): Promise<{ cut: boolean }> {
  const { app } = options;
  options.readiness.draining = true;
  app.log.info({ drainTimeoutMs: options.timeoutMs }, 'draining');
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'limit'>((resolve) => {
    timer = setTimeout(() => resolve('limit'), options.timeoutMs);
  });
  let cut = false;
  const began = Date.now();
  const closed = app.close().then(
    () => 'closed' as const,
    (error: unknown) => {
      app.log.error({ err: error }, 'closing the server failed');
      return 'closed' as const;
    },
  );
  if ((await Promise.race([closed, limit])) === 'limit') {
    cut = true;
    app.log.warn('drain limit reached: closing the connections still open');
    app.server.closeAllConnections();
    await closed;
  }
  const serverClosedMs = Date.now() - began;
  const stopped = options.stopWorkers().then(
    () => 'stopped' as const,
    (error: unknown) => {
      app.log.error({ err: error }, 'stopping the workers failed');
      return 'stopped' as const;
    },
  );
  if ((await Promise.race([stopped, limit])) === 'limit') {
    cut = true;
    app.log.warn('drain limit reached: workers still sending are left to their leases');
  }
  clearTimeout(timer);
  // The pool ends when its last connection does; a connection stuck in the network must not keep the
  // process (and the deployment) waiting.
  let closeTimer: NodeJS.Timeout | undefined;
  const closing = options.closeDatabase().then(
    () => 'closed' as const,
    (error: unknown) => {
      app.log.error({ err: error }, 'closing the database failed');
      return 'closed' as const;
    },
  );
  const closeLimit = new Promise<'limit'>((resolve) => {
    closeTimer = setTimeout(() => resolve('limit'), DATABASE_CLOSE_LIMIT_MS);
  });
  if ((await Promise.race([closing, closeLimit])) === 'limit') {
    cut = true;
    app.log.warn('the database pool did not close in time');
  }
  clearTimeout(closeTimer);
  app.log.info({ cut, serverClosedMs, totalMs: Date.now() - began }, 'drained');
  return { cut };
}
