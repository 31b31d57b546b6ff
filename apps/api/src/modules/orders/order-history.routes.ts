import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { orderListSchema, repeatOrderResultSchema } from '@mandado/shared/checkout.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../authorization.ts';
import { listOrders, repeatOrder } from './order-history.service.ts';

/** An order group's number as we write it (MV-10234); anything else is a request for nothing (404). */
const groupNumberParamsSchema = z.object({ number: z.string().regex(/^MV-[1-9]\d{0,11}$/) });

/** 'Mis Compras' (spec §4, issue 10): the remitter's own orders and 'Repetir pedido'. */
export const orderHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  // A visitor hears 401 before anything else; the answers are per user, never for a shared cache.
  app.addHook('preValidation', async (request, reply) => {
    requireActor(request);
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/orders/',
    {
      schema: {
        tags: ['pedidos'],
        summary: 'Mis Compras: los pedidos del usuario, los más nuevos primero',
        response: { 200: orderListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ results: await listOrders(app.db, request.actor) }),
  );

  app.post(
    '/orders/:number/repeat/',
    {
      schema: {
        tags: ['pedidos'],
        summary: 'Repetir un pedido: pone su ciudad en el carrito y agrega lo que sigue a la venta',
        params: groupNumberParamsSchema,
        response: {
          200: repeatOrderResultSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => repeatOrder(app.db, request.actor, request.params.number),
  );
};
