import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { cityListSchema, departmentListSchema } from '@mandado/shared/catalog.schemas';
import { cityRequestCreatedSchema, cityRequestSchema } from '@mandado/shared/city-request.schemas';
import { countrySchema } from '@mandado/shared/currency.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { detectCountry, getDepartments, getServedCities, requestCity } from './locations.service.ts';

/** COUNTRY_HEADER: the request header in which the proxy in front names the visitor's country, or null. */
export const locationsRoutes: FastifyPluginAsyncZod<{ countryHeader?: string | null }> = async (
  app,
  options,
) => {
  const countryHeader = options.countryHeader ?? null;
  app.get(
    '/cities/',
    {
      schema: {
        tags: ['ubicaciones'],
        summary: 'Ciudades con servicio',
        response: { 200: cityListSchema },
      },
    },
    async () => ({ results: await getServedCities(app.db) }),
  );

  app.get(
    '/departments/',
    {
      schema: {
        tags: ['ubicaciones'],
        summary: 'Departamentos de Uruguay (id_estado 1–19) con sus ciudades principales',
        response: { 200: departmentListSchema },
      },
    },
    async () => ({ results: await getDepartments(app.db) }),
  );

  app.get(
    '/country/',
    {
      schema: {
        tags: ['ubicaciones'],
        summary: 'País del comprador (por defecto UY)',
        response: { 200: countrySchema },
      },
    },
    async (request, reply) => {
      const proxyCountry = countryHeader ? request.headers[countryHeader] : undefined;
      // The answer depends on these headers: a shared cache must not hand one visitor's country to another.
      reply.header('vary', countryHeader ? `accept-language, ${countryHeader}` : 'accept-language');
      return detectCountry({
        ...(typeof proxyCountry === 'string' ? { proxyCountry } : {}),
        ...(request.headers['accept-language'] ? { acceptLanguage: request.headers['accept-language'] } : {}),
      });
    },
  );

  app.post(
    '/city/request/',
    {
      preHandler: rateLimit(app, 'cityRequest'),
      schema: {
        tags: ['ubicaciones'],
        summary: 'Pedir servicio en una ciudad ("No veo mi ciudad")',
        body: cityRequestSchema,
        response: {
          201: cityRequestCreatedSchema,
          400: apiErrorSchema,
          413: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await requestCity(app.db, request.body)),
  );
};
