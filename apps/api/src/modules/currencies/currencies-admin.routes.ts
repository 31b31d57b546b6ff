import {
  adminCurrencyListSchema,
  currencyCodeParamsSchema,
  rateOverrideInputSchema,
} from '@mandado/shared/admin-settings.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_DENIALS } from '../../admin-guard.ts';
import { listAdminCurrencies, removeRateOverride, setRateOverride } from './currencies-admin.service.ts';

/** Currency rates with a manual override (issue 19); registered inside /v1/admin. */
export const currenciesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/currencies/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: ['administración'],
        summary: 'Monedas con la tasa vigente, su fecha y la tasa manual si hay',
        response: { 200: adminCurrencyListSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => ({ results: await listAdminCurrencies(app.db, request.actor) }),
  );

  app.put(
    '/currencies/:code/override/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: ['administración'],
        summary: 'Fijar una tasa manual (unidades por 1 US$), vigente hasta quitarla',
        params: currencyCodeParamsSchema,
        body: rateOverrideInputSchema,
        response: {
          200: adminCurrencyListSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          ...ADMIN_DENIALS,
        },
      },
    },
    async (request) => {
      await setRateOverride(app.db, request.actor, request.params.code, request.body.rate);
      return { results: await listAdminCurrencies(app.db, request.actor) };
    },
  );

  app.delete(
    '/currencies/:code/override/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: ['administración'],
        summary: 'Quitar la tasa manual: vuelve la tasa del día',
        params: currencyCodeParamsSchema,
        response: {
          200: adminCurrencyListSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          ...ADMIN_DENIALS,
        },
      },
    },
    async (request) => {
      await removeRateOverride(app.db, request.actor, request.params.code);
      return { results: await listAdminCurrencies(app.db, request.actor) };
    },
  );
};
