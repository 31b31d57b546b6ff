import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { productListSchema } from '@mandado/shared/catalog.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../http-schemas.ts';
import { getFrequentlyBoughtTogether } from './orders.service.ts';

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/frequently_bought_together/:id',
    {
      schema: {
        tags: ['pedidos'],
        summary: 'Productos que se compran junto a un producto',
        params: idParamsSchema,
        response: { 200: productListSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getFrequentlyBoughtTogether(app.db, request.params.id),
  );
};
