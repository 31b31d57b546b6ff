import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  checkoutConflictSchema,
  checkoutOptionsSchema,
  orderGroupSchema,
  type PlaceOrderResult,
  paymentDeclinedSchema,
  placeOrderResultSchema,
  placeOrderSchema,
} from '@mandado/shared/checkout.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../authorization.ts';
import { clientKey, enforceRateLimit } from '../../plugins/rate-limit.ts';
import { getCheckoutOptions } from './checkout-options.service.ts';
import { confirmOrder, getOwnOrder } from './confirm-order.service.ts';
import { deliverySlotRoutes } from './delivery-slots.routes.ts';
import { ordersContextOf } from './orders-context.ts';
import { placeOrder } from './place-order.service.ts';

const numberParamsSchema = z.object({ number: z.string().max(40) });
const refused = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Checkout and the remitter's order (decision 021): options, place, confirm, read. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checkout/options/',
    {
      schema: {
        tags: ['pedidos'],
        summary: 'Lo que ofrece el checkout en este servidor: procesador, PayPal, pagos manuales, entrega',
        response: { 200: checkoutOptionsSchema },
      },
    },
    async (request, reply) => {
      // Per account (the shopper's country): never in a shared cache.
      reply.header('cache-control', 'private, no-store');
      return getCheckoutOptions(ordersContextOf(app), request.actor);
    },
  );

  await app.register(deliverySlotRoutes);
  await app.register(ownOrderRoutes);
};

/** A header sent twice is no key at all. */
function singleHeader(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The remitter's own orders: logged in, never cached. */
const ownOrderRoutes: FastifyPluginAsyncZod = async (own) => {
  own.addHook('preValidation', async (request, reply) => {
    // Orders name a family member's address and phones: no shared cache may keep them (the 401 included).
    reply.header('cache-control', 'no-store');
    requireActor(request);
  });

  own.post(
    '/orders/',
    {
      preHandler: async (request, reply) => {
        await enforceRateLimit(own, reply, 'placeOrderPerIp', clientKey(request.ip));
        await enforceRateLimit(own, reply, 'placeOrderPerUser', `user:${requireActor(request).userId}`);
      },
      schema: {
        tags: ['pedidos'],
        summary: 'Hacer el pedido y pagarlo (encabezado Idempotency-Key obligatorio)',
        body: placeOrderSchema,
        response: {
          201: placeOrderResultSchema,
          400: apiErrorSchema,
          402: paymentDeclinedSchema,
          409: z.union([checkoutConflictSchema, apiErrorSchema]),
          422: apiErrorSchema,
          429: apiErrorSchema,
          ...refused,
        },
      },
    },
    async (request, reply) => {
      const answer = await placeOrder(
        ordersContextOf(own),
        request.actor,
        singleHeader(request.headers['idempotency-key']),
        request.body,
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      // The body was built (or stored) for its status; the serializer checks it against that status's schema.
      return reply.status(answer.status).send(answer.body as PlaceOrderResult);
    },
  );

  own.post(
    '/orders/:number/confirm/',
    {
      schema: {
        tags: ['pedidos'],
        summary: 'Completar el pago tras 3-D Secure, la acción de Stripe o la aprobación de PayPal',
        params: numberParamsSchema,
        response: { 200: placeOrderResultSchema, 402: paymentDeclinedSchema, ...refused },
      },
    },
    async (request, reply) => {
      const answer = await confirmOrder(ordersContextOf(own), request.actor, request.params.number);
      return reply.status(answer.status).send(answer.body as PlaceOrderResult);
    },
  );

  own.get(
    '/orders/:number/',
    {
      schema: {
        tags: ['pedidos'],
        summary: 'Un pedido propio con sus pedidos por tienda, líneas e historial',
        params: numberParamsSchema,
        response: { 200: orderGroupSchema, ...refused },
      },
    },
    async (request) => getOwnOrder(ordersContextOf(own), request.actor, request.params.number),
  );
};
