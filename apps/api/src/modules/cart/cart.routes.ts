import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { cartAddSchema, cartReplaceSchema, cartSchema } from '@mandado/shared/cart.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../authorization.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import { addToCart, emptyCart, getCart, removeFromCart, replaceCart, setCartCity } from './cart.service.ts';

const cityParamsSchema = z.object({ city: z.string().min(1).max(100) });

// Every change can meet a visitor (401) or a missing CSRF token (403); each route adds what else it answers.
const refused = { 401: apiErrorSchema, 403: apiErrorSchema };

/** Spec §4 Cart, §7: the logged-in user's own cart; every call answers the whole cart. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  // A visitor hears 401 before any body problem (after the CSRF check, which runs first for every route).
  app.addHook('preValidation', async (request, reply) => {
    requireActor(request);
    // Per-user answers: a shared cache must never keep them.
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/cart/',
    {
      schema: {
        tags: ['carrito'],
        summary: 'El carrito del usuario: ciudad, productos y envío estimado (USD)',
        response: { 200: cartSchema, 401: apiErrorSchema },
      },
    },
    async (request) => getCart(app.db, request.actor),
  );

  app.put(
    '/cart/city/:city',
    {
      schema: {
        tags: ['carrito'],
        summary: 'Elegir la ciudad de entrega; quita los productos de tiendas que no entregan allí',
        params: cityParamsSchema,
        response: { 200: cartSchema, ...refused, 404: apiErrorSchema },
      },
    },
    async (request) => setCartCity(app.db, request.actor, request.params.city),
  );

  app.put(
    '/cart/',
    {
      schema: {
        tags: ['carrito'],
        summary: 'Reemplazar todas las líneas del carrito (todo o nada)',
        body: cartReplaceSchema,
        response: { 200: cartSchema, 400: apiErrorSchema, ...refused },
      },
    },
    async (request) => replaceCart(app.db, request.actor, request.body),
  );

  app.post(
    '/cart/add/',
    {
      schema: {
        tags: ['carrito'],
        summary:
          'Agregar un producto; si ya está en el carrito, su cantidad pasa a ser la enviada (no se suma)',
        body: cartAddSchema,
        response: { 200: cartSchema, 400: apiErrorSchema, ...refused },
      },
    },
    async (request) => addToCart(app.db, request.actor, request.body),
  );

  app.delete(
    '/cart/delete/:id',
    {
      schema: {
        tags: ['carrito'],
        summary: 'Quitar un producto del carrito',
        params: idParamsSchema,
        response: { 200: cartSchema, ...refused, 404: apiErrorSchema },
      },
    },
    async (request) => removeFromCart(app.db, request.actor, request.params.id),
  );

  app.delete(
    '/cart/',
    {
      schema: {
        tags: ['carrito'],
        summary: 'Vaciar el carrito (la ciudad se mantiene)',
        response: { 200: cartSchema, ...refused },
      },
    },
    async (request) => emptyCart(app.db, request.actor),
  );
};
