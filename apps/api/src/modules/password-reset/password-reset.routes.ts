import {
  detailSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '@mandado/shared/account.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientKey, enforceRateLimit } from '../../plugins/rate-limit.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service.ts';

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
      if (await requestPasswordReset(app.db, request.body.email, app.publicUrl)) app.kickMailWorker();
      return reply.status(202).send({ detail: MESSAGES.passwordResetRequested });
    },
  );

  app.post(
    '/password-reset/confirm/',
    {
      schema: {
        tags: ['cuentas'],
        summary: 'Elegir una nueva contraseña con el enlace recibido; cierra las demás sesiones',
        body: passwordResetConfirmSchema,
        response: { 200: detailSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      await confirmPasswordReset(app.db, request.body, request.session);
      return { detail: MESSAGES.passwordResetDone };
    },
  );
};
