import { currencyListSchema } from '@mandado/shared/currency.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCurrencies } from './currencies.service.ts';

export const currenciesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/currencies/',
    {
      schema: {
        tags: ['monedas'],
        summary: 'Monedas con la tasa vigente (unidades por 1 USD)',
        response: { 200: currencyListSchema },
      },
    },
    async () => getCurrencies(app.db),
  );
};
