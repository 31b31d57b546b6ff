import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/database.ts';
import { readinessProblems } from './health.service.ts';
import type { Readiness } from './readiness.ts';

/**
 * Probes for proxies and orchestrators (issue 27), outside /v1 and without sessions: GET /health is liveness
 * (the process answers; no database call, so a database outage never gets a healthy process restarted) and
 * GET /ready is readiness (send traffic here or not), 503 with the reasons when not.
 */
export async function healthRoutes(
  app: FastifyInstance,
  options: { database: DatabaseHandle; readiness: Readiness },
): Promise<void> {
  app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const reasons = await readinessProblems(options.database, options.readiness);
    if (reasons.length === 0) return { status: 'ready' };
    return reply.status(503).send({ status: 'not-ready', reasons, detail: SERVER_MESSAGES.notReady });
  });
}
