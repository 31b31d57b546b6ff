import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  invitationAcceptedSchema,
  invitationPreviewSchema,
  invitationTokenParamsSchema,
  storeInvitationInputSchema,
  storeTeamSchema,
} from '@mandado/shared/store-members.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../http-schemas.ts';
import {
  acceptInvitation,
  getTeam,
  inviteMember,
  previewInvitation,
  removeMember,
  revokeInvitation,
} from './store-members.service.ts';

const TAGS = ['comercio'];
const ERRORS = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The store's team (issue 18), inside /v1/merchant (members only); each service asks for an owner. */
export const storeTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:id/team/',
    {
      schema: {
        tags: TAGS,
        summary: 'Quién trabaja en la tienda y las invitaciones pendientes (solo dueños)',
        params: idParamsSchema,
        response: { 200: storeTeamSchema, ...ERRORS },
      },
    },
    async (request) => getTeam(app.db, request.actor, request.params.id),
  );

  app.post(
    '/stores/:id/invitations/',
    {
      schema: {
        tags: TAGS,
        summary: 'Invita por correo como dueño o personal; el enlace vence en 7 días (solo dueños)',
        params: idParamsSchema,
        body: storeInvitationInputSchema,
        response: { 204: z.null(), ...ERRORS, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await inviteMember(app.db, request.actor, request.params.id, request.body, {
        publicUrl: app.publicUrl,
      });
      app.kickMailWorker();
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/stores/:id/invitations/:invitationId/',
    {
      schema: {
        tags: TAGS,
        summary: 'Anula una invitación pendiente (solo dueños)',
        params: idParamsSchema.extend({ invitationId: idParamsSchema.shape.id }),
        response: { 204: z.null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      await revokeInvitation(app.db, request.actor, request.params.id, request.params.invitationId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/stores/:id/members/:userId/',
    {
      schema: {
        tags: TAGS,
        summary: 'Quita a alguien de la tienda; nunca al último dueño (solo dueños)',
        params: idParamsSchema.extend({ userId: idParamsSchema.shape.id }),
        response: { 204: z.null(), ...ERRORS, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await removeMember(app.db, request.actor, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );
};

/** The invitation's link (issue 18): anyone holding it sees what it is; a logged-in person accepts it. */
export const storeInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    // The token is a credential: never cached, never indexed.
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
  });

  app.get(
    '/store-invitations/:token/',
    {
      schema: {
        tags: TAGS,
        summary: 'Qué tienda y qué papel ofrece una invitación',
        params: invitationTokenParamsSchema,
        response: { 200: invitationPreviewSchema, 404: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request) => previewInvitation(app.db, request.params.token),
  );

  app.post(
    '/store-invitations/:token/accept/',
    {
      schema: {
        tags: TAGS,
        summary: 'Acepta la invitación con la cuenta de la sesión (debe tener el correo invitado)',
        params: invitationTokenParamsSchema,
        response: {
          200: invitationAcceptedSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          410: apiErrorSchema,
        },
      },
    },
    async (request) => acceptInvitation(app.db, request.actor, request.params.token),
  );
};
