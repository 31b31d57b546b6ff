import {
  supportActionResultSchema,
  supportAssigneeListSchema,
  supportAssignInputSchema,
  supportHandledInputSchema,
  supportItemParamsSchema,
  supportListQuerySchema,
  supportReplyInputSchema,
} from '@mandado/shared/admin-support.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  adminCityRequestListSchema,
  adminContactMessageListSchema,
  adminSuggestionListSchema,
} from '@mandado/shared/support-inbox.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_DENIALS } from '../../admin-guard.ts';
import {
  assignSupportItem,
  listAssignees,
  listCityRequestsFor,
  listContactMessagesFor,
  listSuggestionsFor,
  markSupportItemHandled,
  replyToSupportItem,
} from './support-inbox.service.ts';

/**
 * The support inbox of the back office (decision 028, issue 19), registered inside /v1/admin (its guard
 * checks each route's permission): the three lists (support:read) with `handled`, `assigned` and `cursor`,
 * and the actions on an item (support:handle): assign, mark handled, answer by e-mail.
 */
export const helpAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { kickMailWorker: () => app.kickMailWorker() };
  const listErrors = { ...ADMIN_DENIALS, 400: apiErrorSchema };

  app.get(
    '/contact-messages/',
    {
      config: { permission: 'support:read' },
      schema: {
        tags: ['administración'],
        summary: 'Mensajes del formulario de contacto, los más recientes primero (filtros y cursor)',
        querystring: supportListQuerySchema,
        response: { 200: adminContactMessageListSchema, ...listErrors },
      },
    },
    async (request) => listContactMessagesFor(app.db, request.actor, request.query),
  );

  app.get(
    '/suggestions/',
    {
      config: { permission: 'support:read' },
      schema: {
        tags: ['administración'],
        summary: 'Sugerencias de productos, las más recientes primero (filtros y cursor)',
        querystring: supportListQuerySchema,
        response: { 200: adminSuggestionListSchema, ...listErrors },
      },
    },
    async (request) => listSuggestionsFor(app.db, request.actor, request.query),
  );

  app.get(
    '/city-requests/',
    {
      config: { permission: 'support:read' },
      schema: {
        tags: ['administración'],
        summary: 'Pedidos de servicio en otra ciudad, los más recientes primero (filtros y cursor)',
        querystring: supportListQuerySchema,
        response: { 200: adminCityRequestListSchema, ...listErrors },
      },
    },
    async (request) => listCityRequestsFor(app.db, request.actor, request.query),
  );

  app.get(
    '/support/assignees/',
    {
      config: { permission: 'support:read' },
      schema: {
        tags: ['administración'],
        summary: 'Las personas del equipo a quienes se puede asignar un mensaje',
        response: { 200: supportAssigneeListSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => listAssignees(app.db, request.actor),
  );

  const actionErrors = { ...ADMIN_DENIALS, 400: apiErrorSchema, 404: apiErrorSchema };

  app.post(
    '/support/:kind/:id/assign/',
    {
      config: { permission: 'support:handle' },
      schema: {
        tags: ['administración'],
        summary: 'Asigna un mensaje a alguien del equipo (o a nadie, con null)',
        params: supportItemParamsSchema,
        body: supportAssignInputSchema,
        response: { 200: supportActionResultSchema, ...actionErrors },
      },
    },
    async (request) =>
      assignSupportItem(app.db, request.actor, request.params.kind, request.params.id, request.body.user_id),
  );

  app.post(
    '/support/:kind/:id/handled/',
    {
      config: { permission: 'support:handle' },
      schema: {
        tags: ['administración'],
        summary: 'Marca un mensaje como resuelto, o sin resolver otra vez',
        params: supportItemParamsSchema,
        body: supportHandledInputSchema,
        response: { 200: supportActionResultSchema, ...actionErrors },
      },
    },
    async (request) =>
      markSupportItemHandled(
        app.db,
        request.actor,
        request.params.kind,
        request.params.id,
        request.body.handled,
      ),
  );

  app.post(
    '/support/:kind/:id/replies/',
    {
      config: { permission: 'support:handle' },
      schema: {
        tags: ['administración'],
        summary:
          'Responde por correo a quien escribió (Reply-To: el correo de soporte) y lo marca como resuelto',
        params: supportItemParamsSchema,
        body: supportReplyInputSchema,
        response: { 200: supportActionResultSchema, ...actionErrors },
      },
    },
    async (request) =>
      replyToSupportItem(
        app.db,
        request.actor,
        request.params.kind,
        request.params.id,
        request.body.body,
        deps,
      ),
  );
};
