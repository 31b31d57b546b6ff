import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { deliverySlotsQuerySchema, deliverySlotsSchema } from '@mandado/shared/store-windows.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../authorization.ts';
import { listDeliverySlots } from './delivery-slots.service.ts';
import { ordersContextOf } from './orders-context.ts';

/** The checkout's delivery windows (decision 065): per store of the cart, the earliest or one day's. */
export const deliverySlotRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checkout/delivery-slots/',
    {
      schema: {
        tags: ['pedidos'],
        summary: 'Las franjas de entrega de cada tienda del carrito (day: un día de hasta 14 días adelante)',
        querystring: deliverySlotsQuerySchema,
        response: { 200: deliverySlotsSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listDeliverySlots(ordersContextOf(app), requireActor(request), request.query.day);
    },
  );
};
