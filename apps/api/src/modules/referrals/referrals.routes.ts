import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { invitationSchema, invitationSentSchema } from '@mandado/shared/help.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../authorization.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { sendInvitation } from './referrals.service.ts';

/** The referral program's call (issue 11, decision 026). */
export const referralsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/send/invitation/',
    {
      preValidation: async (request, reply) => {
        const actor = requireActor(request);
        await enforceRateLimit(app, reply, 'invitationPerUser', `user:${actor.userId}`);
        await enforceRateLimit(app, reply, 'invitationPerUserDay', `user:${actor.userId}`);
      },
      schema: {
        tags: ['cuentas'],
        summary: 'Invitar a un amigo por correo con el enlace de referido del usuario',
        body: invitationSchema,
        response: {
          201: invitationSentSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const sent = await sendInvitation(app.db, request.actor, request.body, {
        publicUrl: app.publicUrl,
        now: new Date(),
      });
      app.kickMailWorker();
      return reply.status(201).send(sent);
    },
  );
};
