import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { couponRequestSchema, couponSchema } from '@mandado/shared/coupon.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../authorization.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { checkCoupon } from './coupons.service.ts';

export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/coupon/user/',
    {
      preValidation: async (request, reply) => {
        const actor = requireActor(request);
        await enforceRateLimit(app, reply, 'couponPerUser', `user:${actor.userId}`);
      },
      schema: {
        tags: ['pedidos'],
        summary: 'Validar un cupón para el usuario',
        body: couponRequestSchema,
        response: {
          200: couponSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) =>
      checkCoupon(app.db, request.actor, request.body.coupon, new Date(), request.body.subtotal),
  );
};
