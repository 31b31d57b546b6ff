import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  nearStoreListSchema,
  storeKindSchema,
  storeListSchema,
  storeSchema,
} from '@mandado/shared/catalog.schemas';
import { latitudeQuerySchema, longitudeQuerySchema } from '@mandado/shared/coordinates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { getStoreBySlug, getStoresForCity, getStoresNear } from './stores.service.ts';

const nearQuerySchema = z.object({
  latitud: latitudeQuerySchema,
  longitud: longitudeQuerySchema,
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
    '/stores/slug/:slug',
    {
      schema: {
        tags: ['tiendas'],
        summary: 'Una tienda aprobada por su dirección (su nombre sin espacios), envíe a la ciudad que envíe',
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: storeSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getStoreBySlug(app.db, request.params.slug),
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
