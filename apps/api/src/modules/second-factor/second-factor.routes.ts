import { detailSchema } from '@mandado/shared/account.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  recoveryCodesSchema,
  secondFactorCodeSchema,
  secondFactorEnrollmentSchema,
  secondFactorStatusSchema,
} from '@mandado/shared/second-factor.schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientKey, enforceRateLimit } from '../../plugins/rate-limit.ts';
import {
  confirmEnrollment,
  getSecondFactorStatus,
  startEnrollment,
  verifySignIn,
} from './second-factor.service.ts';

const TAGS = ['cuentas'];
const ERRORS = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** Keys and recovery codes are secrets: no cache may keep them. */
function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/** /v1/second-factor/* (issue 27, decision 053): a staff member's TOTP, and the code that completes a login. */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/second-factor/',
    {
      schema: {
        tags: TAGS,
        summary: 'Verificación en dos pasos: si está activa y si el grupo de la cuenta la necesita',
        response: { 200: secondFactorStatusSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return getSecondFactorStatus(app.db, request.actor, app.staffSecondFactorRequired);
    },
  );

  app.post(
    '/second-factor/enrollment/',
    {
      schema: {
        tags: TAGS,
        summary: 'Empieza la activación: una clave nueva para la app (se muestra esta única vez)',
        response: { 200: secondFactorEnrollmentSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return startEnrollment(app.db, request.actor);
    },
  );

  app.post(
    '/second-factor/enrollment/confirm/',
    {
      schema: {
        tags: TAGS,
        summary: 'Confirma la clave con un primer código; responde 10 códigos de recuperación, una única vez',
        body: secondFactorCodeSchema,
        response: { 200: recoveryCodesSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      noStore(reply);
      await enforceRateLimit(app, reply, 'loginPerIp', clientKey(request.ip));
      return confirmEnrollment(app.db, request.actor, {
        code: request.body.code,
        keepSessionHash: request.session?.tokenHash ?? null,
      });
    },
  );

  app.post(
    '/second-factor/verify/',
    {
      schema: {
        tags: TAGS,
        summary: 'Completa el ingreso con el código de la app o un código de recuperación',
        body: secondFactorCodeSchema,
        response: { 200: detailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      noStore(reply);
      // Like a login: every try per address; per account, the login throttle counts it (decision 053).
      await enforceRateLimit(app, reply, 'loginPerIp', clientKey(request.ip));
      await verifySignIn(app.db, request.session, request.body.code);
      return { detail: 'Listo: ingresaste.' };
    },
  );
};
