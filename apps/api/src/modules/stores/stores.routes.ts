import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { nearStoreListSchema, storeKindSchema, storeListSchema } from '@mandado/shared/catalog.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { getStoresForCity, getStoresNear } from './stores.service.ts';

/**
 * A decimal number as a person or a browser's geolocation writes it: an optional minus, up to three digits,
 * an optional fraction. `Number()` alone also reads '' as 0, '0x10' as 16, '1e2' and ' 5 ', so the text
 * is checked first and only then converted.
 */
const DECIMAL_COORDINATE = /^-?\d{1,3}(?:\.\d{1,15})?$/;

function coordinate(min: number, max: number, rangeMessage: string) {
  return z
    .string({ error: MESSAGES.invalidCoordinates })
    .regex(DECIMAL_COORDINATE, MESSAGES.invalidCoordinates)
    .transform(Number)
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
