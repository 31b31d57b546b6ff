import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { goLiveChecklistSchema } from '@mandado/shared/go-live';
import {
  payoutAccountAnswerSchema,
  payoutAccountInputSchema,
  payoutAccountViewSchema,
} from '@mandado/shared/payout-account.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_DENIALS } from '../../admin-guard.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import {
  getAdminGoLive,
  getMerchantGoLive,
  getPayoutAccount,
  setPayoutAccount,
} from './store-payouts.service.ts';

const TAGS = ['comercio'];
const ERRORS = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Inside /v1/merchant (issue 31): the store's payout account (owners only) and its go-live checklist. */
export const merchantPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:id/payout-account/',
    {
      schema: {
        tags: TAGS,
        summary: 'La cuenta bancaria donde se le paga a la tienda, enmascarada (null si no hay); solo dueños',
        params: idParamsSchema,
        response: { 200: payoutAccountAnswerSchema, ...ERRORS },
      },
    },
    async (request) => ({ account: await getPayoutAccount(app.db, request.actor, request.params.id) }),
  );

  app.put(
    '/stores/:id/payout-account/',
    {
      schema: {
        tags: TAGS,
        summary:
          'Guarda la cuenta de cobro (banco, número, titular y su RUT o CI); solo dueños, queda auditado',
        params: idParamsSchema,
        body: payoutAccountInputSchema,
        response: { 200: payoutAccountViewSchema, ...ERRORS },
      },
    },
    async (request) => setPayoutAccount(app.db, request.actor, request.params.id, request.body),
  );

  app.get(
    '/stores/:id/go-live/',
    {
      schema: {
        tags: TAGS,
        summary: 'Lo que la tienda necesita para publicarse, cada punto hecho o no',
        params: idParamsSchema,
        response: { 200: goLiveChecklistSchema, ...ERRORS },
      },
    },
    async (request) => getMerchantGoLive(app.db, request.actor, request.params.id),
  );
};

/** /v1/admin/stores/:id/go-live/: the same checklist on the store's page in the back office. */
export const adminGoLiveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:id/go-live/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: ['administración'],
        summary: 'Lo que la tienda necesita para publicarse, cada punto hecho o no',
        params: idParamsSchema,
        response: { 200: goLiveChecklistSchema, 404: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => getAdminGoLive(app.db, request.actor, request.params.id),
  );
};
