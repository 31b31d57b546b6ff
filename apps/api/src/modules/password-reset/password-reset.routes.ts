import {
  detailSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '@mandado/shared/account.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientKey, enforceRateLimit } from '../../plugins/rate-limit.ts';
import {
  checkPasswordResetToken,
  confirmPasswordReset,
  requestPasswordReset,
} from './password-reset.service.ts';

/** The token travels in a POST body, never in a URL that access logs and proxies keep. */
const passwordResetCheckSchema = passwordResetConfirmSchema.pick({ token: true });
const passwordResetCheckResponseSchema = z.object({ valid: z.literal(true) });

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/password-reset/',
    {
      schema: {
        tags: ['cuentas'],
        summary: 'Pedir un enlace para restablecer la contraseña (misma respuesta exista o no la cuenta)',
        body: passwordResetRequestSchema,
        response: { 202: detailSchema, 400: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(app, reply, 'passwordResetPerIp', clientKey(request.ip));
      await enforceRateLimit(app, reply, 'passwordResetPerEmail', request.body.email);
      if (await requestPasswordReset(app.db, { email: request.body.email, publicUrl: app.publicUrl })) {
        app.kickMailWorker();
      }
      return reply.status(202).send({ detail: SERVER_MESSAGES.passwordResetRequested });
    },
  );

  app.post(
    '/password-reset/check/',
    {
      schema: {
        tags: ['cuentas'],
        summary: 'Saber si un enlace para restablecer la contraseña sigue valiendo, sin usarlo',
        body: passwordResetCheckSchema,
        response: {
          200: passwordResetCheckResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // Shares the confirmation's limit: either call tells whether a token is live, so together they must
      // not let a client try tokens quickly (256-bit tokens make that hopeless anyway).
      await enforceRateLimit(app, reply, 'passwordResetTokenPerIp', clientKey(request.ip));
      await checkPasswordResetToken(app.db, request.body);
      return { valid: true as const };
    },
  );

  app.post(
    '/password-reset/confirm/',
    {
      schema: {
        tags: ['cuentas'],
        summary: 'Elegir una nueva contraseña con el enlace recibido; cierra las demás sesiones',
        body: passwordResetConfirmSchema,
        response: { 200: detailSchema, 400: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(app, reply, 'passwordResetTokenPerIp', clientKey(request.ip));
      await confirmPasswordReset(app.db, request.actor, {
        ...request.body,
        requesterSessionHash: request.session?.tokenHash ?? null,
      });
      return { detail: SERVER_MESSAGES.passwordResetDone };
    },
  );
};
