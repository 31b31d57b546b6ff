import {
  adminCouponListSchema,
  adminCouponSchema,
  couponIdParamsSchema,
  couponInputSchema,
  couponListQuerySchema,
} from '@mandado/shared/admin-coupons.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_DENIALS } from '../../admin-guard.ts';
import { createCoupon, editCoupon, listAdminCoupons } from './coupons-admin.service.ts';

/** Coupons in the back office (issue 19); registered inside /v1/admin. */
export const couponsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/coupons/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: ['administración'],
        summary: 'Cupones, del más nuevo al más antiguo, con sus usos',
        querystring: couponListQuerySchema,
        response: { 200: adminCouponListSchema, 400: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => listAdminCoupons(app.db, request.actor, request.query),
  );

  app.post(
    '/coupons/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: ['administración'],
        summary: 'Crear un cupón (el código es único)',
        body: couponInputSchema,
        response: { 201: adminCouponSchema, 400: apiErrorSchema, 409: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request, reply) => reply.code(201).send(await createCoupon(app.db, request.actor, request.body)),
  );

  app.put(
    '/coupons/:id/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: ['administración'],
        summary: 'Cambiar un cupón (uno usado conserva su tipo y valor; puede terminarse)',
        params: couponIdParamsSchema,
        body: couponInputSchema,
        response: {
          200: adminCouponSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          ...ADMIN_DENIALS,
        },
      },
    },
    async (request) => editCoupon(app.db, request.actor, request.params.id, request.body),
  );
};
