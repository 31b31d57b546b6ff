import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  pushKeySchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
} from '@mandado/shared/store-inbox.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../authorization.ts';
import {
  shopperPushSubscribed,
  subscribeShopperToPush,
  unsubscribeShopperFromPush,
} from './shopper-push.service.ts';

const TAGS = ['cuenta'];
const SIGNED_IN = { 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * The shopper's Web Push (decision 073): 'Avisarme en este teléfono' in the shop. Signed-in shoppers only;
 * the subscription is theirs and only their own orders' news goes to it.
 */
export const shopperPushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/push/key/',
    {
      schema: {
        tags: TAGS,
        summary: 'La clave pública VAPID con la que el navegador del comprador se suscribe',
        response: { 200: pushKeySchema, ...SIGNED_IN },
      },
    },
    async (request) => {
      requireActor(request);
      return { public_key: (await app.vapidKeys()).publicKey };
    },
  );

  app.post(
    '/me/push/subscriptions/status/',
    {
      schema: {
        tags: TAGS,
        summary: 'Si este navegador ya recibe los avisos de tus pedidos',
        body: pushUnsubscribeInputSchema,
        response: { 200: z.object({ subscribed: z.boolean() }), ...SIGNED_IN, 400: apiErrorSchema },
      },
    },
    async (request) => ({
      subscribed: await shopperPushSubscribed(app.db, requireActor(request), request.body.endpoint),
    }),
  );

  app.post(
    '/me/push/subscriptions/',
    {
      schema: {
        tags: TAGS,
        summary: 'Avisarme en este teléfono: reemplazos por decidir y entregas de mis pedidos',
        body: pushSubscriptionInputSchema,
        response: { 204: z.null(), ...SIGNED_IN, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await subscribeShopperToPush(app.db, requireActor(request), request.body, {
        allowLocalEndpoints: app.allowLocalPushEndpoints,
      });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/me/push/subscriptions/',
    {
      schema: {
        tags: TAGS,
        summary: 'Dejar de recibir avisos de mis pedidos en este navegador',
        body: pushUnsubscribeInputSchema,
        response: { 204: z.null(), ...SIGNED_IN, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await unsubscribeShopperFromPush(app.db, requireActor(request), request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
