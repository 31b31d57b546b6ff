import { createHash, timingSafeEqual } from 'node:crypto';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../../db/database.ts';
import { type OutboxName, readOutboxBacklogs } from './metrics.service.ts';
import { collectProcessMetrics, METRICS_CONTENT_TYPE, processRegistry, prometheus } from './metrics.ts';

export interface MetricsOptions {
  database: DatabaseHandle;
  /** METRICS_TOKEN: what a scraper outside this machine sends as `Authorization: Bearer …`; null: loopback only. */
  token: string | null;
  /** Whether a socket's peer is a proxy TRUST_PROXY names: what it relays is never 'this machine'. */
  isTrustedProxy: (peerAddress: string) => boolean;
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a dual-stack socket reports ::ffff:127.0.0.1). */
export function isLoopbackAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4.startsWith('127.') || ip === '::1';
}

/** Headers a proxy adds when it relays a request (any one of them means the peer is not the scraper). */
const RELAY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via'] as const;

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Loopback needs no token, unless the request came through a proxy: `request.ip` is the client's address when
 * TRUST_PROXY names the proxy, but a local proxy that is not trusted shows up as 127.0.0.1 for every internet
 * client, so a forwarded request must carry the token whatever its address.
 */
export function mayReadMetrics(
  request: FastifyRequest,
  token: string | null,
  isTrustedProxy: (peerAddress: string) => boolean,
): boolean {
  // Free only for a scraper on this machine: the socket's peer is loopback, is not a proxy TRUST_PROXY names
  // (a proxy on loopback relays the internet, whatever headers it sends or omits), and nothing says it relays.
  const peer = request.socket.remoteAddress ?? '';
  const relayed = RELAY_HEADERS.some((name) => request.headers[name] !== undefined);
  if (isLoopbackAddress(peer) && !isTrustedProxy(peer) && !relayed) return true;
  if (token === null) return false;
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  // Compared as digests: equal lengths for timingSafeEqual, and no early exit on the first wrong character.
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics in Prometheus' text format (issue 27, decision 055): the HTTP histogram, the database pool,
 * each outbox's backlog read at scrape time, and the process-wide counters and defaults of metrics.ts.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  collectProcessMetrics();
  const registry = new prometheus.Registry();
  const httpDuration = new prometheus.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route (the pattern, not the path) and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const poolConnections = new prometheus.Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections of this instance, by state: in_use or idle (absent on PGlite)',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const poolWaiting = new prometheus.Gauge({
    name: 'db_pool_waiting_requests',
    help: 'Queries waiting for a free PostgreSQL pool connection (absent on PGlite)',
    registers: [registry],
  });
  const outboxPending = new prometheus.Gauge({
    name: 'mandado_outbox_pending',
    help: 'Rows waiting in an outbox (mail, push, webhooks, refunds), all instances together',
    labelNames: ['outbox'] as const,
    registers: [registry],
  });
  const outboxOldest = new prometheus.Gauge({
    name: 'mandado_outbox_oldest_pending_age_seconds',
    help: "Age of an outbox's oldest waiting row in seconds; 0 when none waits",
    labelNames: ['outbox'] as const,
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern keeps the label set small; anything unrouted is one series.
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  async function readScrapeGauges(): Promise<void> {
    const pool = options.database.poolStats?.();
    if (pool) {
      poolConnections.set({ state: 'in_use' }, pool.total - pool.idle);
      poolConnections.set({ state: 'idle' }, pool.idle);
      poolWaiting.set(pool.waiting);
    }
    const backlogs = await readOutboxBacklogs(options.database.db);
    for (const [outbox, backlog] of Object.entries(backlogs) as [
      OutboxName,
      (typeof backlogs)[OutboxName],
    ][]) {
      outboxPending.set({ outbox }, backlog.pending);
      outboxOldest.set({ outbox }, backlog.oldestAgeSeconds);
    }
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, options.token, options.isTrustedProxy)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ detail: SERVER_MESSAGES.metricsUnauthorized });
    }
    await readScrapeGauges();
    const text = `${await registry.metrics()}\n${await processRegistry.metrics()}`;
    return reply.header('content-type', METRICS_CONTENT_TYPE).header('cache-control', 'no-store').send(text);
  });
}
