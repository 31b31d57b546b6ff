import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { orderGroupSchema } from '@mandado/shared/checkout.schemas';
import { markPaidInputSchema } from '@mandado/shared/staff-order.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { markOrderPaid } from './mark-paid.service.ts';
import { ordersContextOf } from './orders-context.ts';

/** Registered inside the admin plugin (/v1/admin), whose hook already requires an operator. */
export const markPaidRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:number/mark-paid/',
    {
      config: { permission: 'payment:mark-paid' },
      schema: {
        tags: ['administración'],
        summary: 'Registrar que llegó la transferencia o el depósito de un pedido',
        params: z.object({ number: z.string().max(40) }),
        body: markPaidInputSchema,
        response: {
          200: orderGroupSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) =>
      markOrderPaid(ordersContextOf(app), request.actor, request.params.number, request.body.reference),
  );
};
