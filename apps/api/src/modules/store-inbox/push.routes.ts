import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  pushKeySchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
} from '@mandado/shared/store-inbox.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPushPublicKey, subscribeToPush, unsubscribeFromPush } from './push-subscriptions.service.ts';

const TAGS = ['comercio'];
const GUARDED = { 401: apiErrorSchema, 403: apiErrorSchema };

/** Web Push for store members (issue 17), inside the merchant portal's plugin and its guard. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push/key/',
    {
      schema: {
        tags: TAGS,
        summary: 'La clave pública VAPID con la que el navegador se suscribe',
        response: { 200: pushKeySchema, ...GUARDED },
      },
    },
    async (request) => ({ public_key: await getPushPublicKey(request.actor, app.vapidKeys) }),
  );

  app.post(
    '/push/subscriptions/',
    {
      schema: {
        tags: TAGS,
        summary: 'Recibir notificaciones de pedidos nuevos en este navegador',
        body: pushSubscriptionInputSchema,
        response: { 204: z.null(), ...GUARDED, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await subscribeToPush(app.db, request.actor, request.body, {
        allowLocalEndpoints: app.allowLocalPushEndpoints,
      });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/push/subscriptions/',
    {
      schema: {
        tags: TAGS,
        summary: 'Dejar de recibir notificaciones en este navegador',
        body: pushUnsubscribeInputSchema,
        response: { 204: z.null(), ...GUARDED, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await unsubscribeFromPush(app.db, request.actor, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
