import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptCurrentPolicies, getOwnConsentStatus } from './consents.service.ts';

const documentSchema = z.object({ version: z.string(), accepted_version: z.string().nullable() });
const consentStatusSchema = z.object({
  privacy_policy: documentSchema,
  terms: documentSchema,
  pending: z.boolean(),
});
const versionText = z.string().trim().max(20);
const consentAcceptanceSchema = z.object({ privacy_policy_version: versionText, terms_version: versionText });

/**
 * The account's consent to the current privacy policy and terms (issue 32, decision 078): the shop asks once,
 * with a notice linking /privacidad, accounts that have not accepted the current versions.
 */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/consent/',
    {
      schema: {
        tags: ['cuentas'],
        summary: 'Si la cuenta aceptó la versión vigente de la política de privacidad y las condiciones',
        response: { 200: consentStatusSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getOwnConsentStatus(app.db, request.actor);
    },
  );

  app.post(
    '/users/consent/',
    {
      schema: {
        tags: ['cuentas'],
        summary: "'Acepto': registra la aceptación de las versiones vigentes, con su fecha",
        body: consentAcceptanceSchema,
        response: {
          200: consentStatusSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return acceptCurrentPolicies(app.db, request.actor, request.body);
    },
  );
};
