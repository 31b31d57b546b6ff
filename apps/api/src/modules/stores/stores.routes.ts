import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { nearStoreListSchema, storeKindSchema, storeListSchema } from '@mandado/shared/catalog.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { getStoresForCity, getStoresNear } from './stores.service.ts';

function coordinate(min: number, max: number, rangeMessage: string) {
  return z.coerce
    .number({ error: MESSAGES.invalidCoordinates })
    .refine(Number.isFinite, MESSAGES.invalidCoordinates)
    .pipe(z.number().min(min, rangeMessage).max(max, rangeMessage));
}

const nearQuerySchema = z.object({
  latitud: coordinate(-90, 90, MESSAGES.latitudeRange),
  longitud: coordinate(-180, 180, MESSAGES.longitudeRange),
  category: storeKindSchema.optional(),
});

export const storesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/city/:state',
    {
      schema: {
        tags: ['tiendas'],
        summary: 'Tiendas aprobadas que envían a una ciudad',
        params: z.object({ state: z.string().min(1).max(100) }),
        response: { 200: storeListSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getStoresForCity(app.db, request.params.state),
  );

  app.get(
    '/stores/near/',
    {
      preHandler: rateLimit(app, 'nearStores'),
      schema: {
        tags: ['tiendas'],
        summary: 'Tiendas aprobadas más cercanas a un punto, con su distancia en km',
        querystring: nearQuerySchema,
        response: { 200: nearStoreListSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) =>
      getStoresNear(app.db, {
        latitude: request.query.latitud,
        longitude: request.query.longitud,
        kind: request.query.category,
      }),
  );
};
