import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { cardListSchema, cardSchema, cardTokenSchema } from '@mandado/shared/card.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../authorization.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { addCard, listCards, removeCard } from './cards.service.ts';

/** A card's public id is a uuid; anything else is a request for nothing we have (404), never a 500. */
const cardParamsSchema = z.object({ id: z.uuid() });

const refused = { 401: apiErrorSchema, 403: apiErrorSchema };

/** Spec §7 saved cards: only the processor's token, brand, last 4 and expiry are kept; one's own only. */
export const cardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request, reply) => {
    requireActor(request);
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/cards/',
    {
      schema: {
        tags: ['tarjetas'],
        summary: 'Las tarjetas guardadas del usuario (marca, últimos 4 dígitos, vencimiento)',
        response: { 200: cardListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ results: await listCards(app.db, request.actor) }),
  );

  app.post(
    '/tokens/create/',
    {
      preHandler: async (request, reply) => {
        const actor = requireActor(request);
        await enforceRateLimit(app, reply, 'cardTokenPerUser', `user:${actor.userId}`);
      },
      schema: {
        tags: ['tarjetas'],
        summary: 'Guardar una tarjeta a partir del token del procesador (el número nunca llega al servidor)',
        body: cardTokenSchema,
        response: { 201: cardSchema, 400: apiErrorSchema, 429: apiErrorSchema, ...refused },
      },
    },
    async (request, reply) => {
      const card = await addCard(app.db, app.payments, request.actor, request.body.token);
      return reply.status(201).send(card);
    },
  );

  app.delete(
    '/tokens/delete/:id',
    {
      schema: {
        tags: ['tarjetas'],
        summary: 'Eliminar una tarjeta guardada del usuario',
        params: cardParamsSchema,
        response: { 200: z.object({ detail: z.string() }), ...refused, 404: apiErrorSchema },
      },
    },
    async (request) => removeCard(app.db, app.payments, request.actor, request.params.id),
  );
};
