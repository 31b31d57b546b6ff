import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { cityListSchema, departmentListSchema } from '@mandado/shared/catalog.schemas';
import { cityRequestCreatedSchema, cityRequestSchema } from '@mandado/shared/city-request.schemas';
import { countrySchema } from '@mandado/shared/currency.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { detectCountry, getDepartments, getServedCities, requestCity } from './locations.service.ts';

export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async () => detectCountry(),
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
