import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { sandboxAuthenticateSchema } from '@mandado/shared/checkout.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../authorization.ts';
import { notFound } from '../../http-errors.ts';
import { authenticateSandboxIntent } from './sandbox-processor.ts';

/** The test 3-D Secure page's buttons (decision 023); only where the sandbox takes the payments. */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payments/sandbox/intents/:id/authenticate/',
    {
      preValidation: async (request) => {
        requireActor(request);
      },
      schema: {
        tags: ['pagos'],
        summary: 'Aprobar o rechazar la verificación 3-D Secure de prueba de un pago',
        params: z.object({ id: z.string().max(100) }),
        body: sandboxAuthenticateSchema,
        response: {
          200: z.object({ status: z.string() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      if (app.payments.card.name !== 'sandbox') throw notFound();
      const answer = await authenticateSandboxIntent(
        app.db,
        request.params.id,
        actor.userId,
        request.body.outcome,
      );
      if (!answer) throw notFound();
      return answer;
    },
  );
};
