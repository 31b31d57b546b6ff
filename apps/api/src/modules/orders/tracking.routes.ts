import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { trackingSchema } from '@mandado/shared/checkout.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { getTracking } from './tracking.service.ts';

/**
 * A tracking token as we make them: 32 random bytes in base64url, 43 characters. Anything else is a request
 * for nothing we have (404) and never reaches the database.
 */
const trackingParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/** The family member's tracking link (issue 10): public, no session needed. */
export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tracking/:token/',
    {
      // Statuses change and the link is private to whoever holds it: never kept by a shared cache, even a 404.
      onRequest: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        reply.header('x-robots-tag', 'noindex');
      },
      // Guessing a 256-bit token is hopeless, but a public route that reads the database is counted per client
      // like the other public lookups (malformed tokens are refused before, without a query).
      preHandler: rateLimit(app, 'tracking'),
      schema: {
        tags: ['pedidos'],
        summary: 'Seguimiento de un pedido para quien lo recibe (sin precios ni dirección)',
        params: trackingParamsSchema,
        response: { 200: trackingSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => getTracking(app.db, request.params.token),
  );
};
