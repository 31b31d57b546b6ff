import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { sandboxAuthenticateSchema } from '@mandado/shared/checkout.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../authorization.ts';
import { ordersContextOf } from '../orders/orders-context.ts';
import { authenticateSandboxPayment } from './sandbox.service.ts';

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
    async (request) =>
      authenticateSandboxPayment(
        ordersContextOf(app),
        request.actor,
        request.params.id,
        request.body.outcome,
      ),
  );
};
