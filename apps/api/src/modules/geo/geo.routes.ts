import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  geoReverseQuerySchema,
  geoReverseResultSchema,
  geoSearchQuerySchema,
  geoSearchResultSchema,
} from '@mandado/shared/geo.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { reversePlace, searchPlaces } from './geo.service.ts';
import type { Geocoder } from './geocoder.ts';
import { getZoneMap } from './zones.service.ts';

const TAGS = ['direcciones'];

/**
 * Geocoding for the address form and the popup, no session needed. Rate limited per client like the product
 * search: with an external geocoder each miss costs a second of the whole process's allowance (decision 019).
 */
export const geoRoutes: FastifyPluginAsyncZod<{ geocoder: Geocoder }> = async (app, { geocoder }) => {
  app.get(
    '/geo/search/',
    {
      preHandler: rateLimit(app, 'geo'),
      schema: {
        tags: TAGS,
        summary: 'Sugerencias de direcciones en Uruguay para un texto (3 a 100 caracteres)',
        querystring: geoSearchQuerySchema,
        response: {
          200: geoSearchResultSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => searchPlaces(geocoder, request.query.q, await getZoneMap(app.db)),
  );

  app.get(
    '/geo/reverse/',
    {
      preHandler: rateLimit(app, 'geo'),
      schema: {
        tags: TAGS,
        summary: 'Dirección legible (calle o barrio) y zona de entrega de un punto',
        querystring: geoReverseQuerySchema,
        response: {
          200: geoReverseResultSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) =>
      reversePlace(geocoder, request.query.latitud, request.query.longitud, await getZoneMap(app.db)),
  );
};
