import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  adminCityRequestListSchema,
  adminContactMessageListSchema,
  adminSuggestionListSchema,
} from '@mandado/shared/support-inbox.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCityRequestsFor, listContactMessagesFor, listSuggestionsFor } from './help.service.ts';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * The support inbox of the back office (decision 028), registered inside /v1/admin (its hook already refuses
 * visitors and non-operators); each list also asks for `support:read`.
 */
export const helpAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contact-messages/',
    {
      config: { permission: 'support:read' },
      schema: {
        tags: ['administración'],
        summary: 'Mensajes del formulario de contacto (los 100 más recientes primero)',
        response: { 200: adminContactMessageListSchema, ...errors },
      },
    },
    async (request) => ({ results: await listContactMessagesFor(app.db, request.actor) }),
  );

  app.get(
    '/suggestions/',
    {
      config: { permission: 'support:read' },
      schema: {
        tags: ['administración'],
        summary: 'Sugerencias de productos (las 100 más recientes primero)',
        response: { 200: adminSuggestionListSchema, ...errors },
      },
    },
    async (request) => ({ results: await listSuggestionsFor(app.db, request.actor) }),
  );

  app.get(
    '/city-requests/',
    {
      config: { permission: 'support:read' },
      schema: {
        tags: ['administración'],
        summary: 'Pedidos de servicio en otra ciudad (los 100 más recientes primero)',
        response: { 200: adminCityRequestListSchema, ...errors },
      },
    },
    async (request) => ({ results: await listCityRequestsFor(app.db, request.actor) }),
  );
};
