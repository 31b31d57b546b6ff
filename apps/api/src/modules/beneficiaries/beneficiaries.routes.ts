import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  beneficiaryDataSchema,
  beneficiaryDeletedSchema,
  beneficiaryInputSchema,
  beneficiaryListSchema,
} from '@mandado/shared/beneficiary.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../authorization.ts';
import {
  createBeneficiary,
  getBeneficiaries,
  removeBeneficiary,
  replaceBeneficiary,
} from './beneficiaries.service.ts';

/** `?city_id=` written like a path id (decimal digits, no leading zero); anything else is a 400 under the field. */
const listQuerySchema = z.object({
  city_id: z
    .string({ error: MESSAGES.invalidValue })
    .regex(/^[1-9]\d{0,9}$/, MESSAGES.invalidValue)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, MESSAGES.invalidValue))
    .optional(),
});

// The UUID is checked by the service, so a malformed one is a 404 like an unknown one.
const beneficiaryParamsSchema = z.object({ beneficiary_id: z.string().max(100) });

// Every change can meet a visitor (401) or a missing CSRF token (403).
const refused = { 401: apiErrorSchema, 403: apiErrorSchema };

/** Spec §4 Beneficiaries, §7: the logged-in remitter's saved recipients and their addresses. */
export const beneficiariesRoutes: FastifyPluginAsyncZod = async (app) => {
  // A visitor hears 401 before any body problem (after the CSRF check, which runs first for every route).
  app.addHook('preValidation', async (request, reply) => {
    // Names, phones and addresses of someone's family: no shared cache may keep them (the 401 included).
    reply.header('cache-control', 'no-store');
    requireActor(request);
  });

  app.get(
    '/beneficiaries/',
    {
      schema: {
        tags: ['beneficiarios'],
        summary: 'Los beneficiarios del usuario, del más nuevo al más antiguo; `city_id` filtra por ciudad',
        querystring: listQuerySchema,
        response: { 200: beneficiaryListSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => getBeneficiaries(app.db, request.actor, { cityId: request.query.city_id }),
  );

  app.post(
    '/beneficiaries/',
    {
      schema: {
        tags: ['beneficiarios'],
        summary: 'Agregar un beneficiario con su dirección y su ubicación en el mapa',
        body: beneficiaryInputSchema,
        response: { 201: beneficiaryDataSchema, 400: apiErrorSchema, ...refused },
      },
    },
    async (request, reply) => {
      const answer = await createBeneficiary(app.db, request.actor, request.body);
      return reply.status(201).send(answer);
    },
  );

  app.put(
    '/beneficiaries/:beneficiary_id',
    {
      schema: {
        tags: ['beneficiarios'],
        summary: 'Reemplazar los datos de un beneficiario propio',
        params: beneficiaryParamsSchema,
        body: beneficiaryInputSchema,
        response: { 200: beneficiaryDataSchema, 400: apiErrorSchema, ...refused, 404: apiErrorSchema },
      },
    },
    async (request) =>
      replaceBeneficiary(app.db, request.actor, {
        beneficiaryId: request.params.beneficiary_id,
        values: request.body,
      }),
  );

  app.delete(
    '/beneficiaries/:beneficiary_id',
    {
      schema: {
        tags: ['beneficiarios'],
        summary: 'Eliminar un beneficiario propio (los pedidos guardan su propia copia de la dirección)',
        params: beneficiaryParamsSchema,
        response: { 200: beneficiaryDeletedSchema, ...refused, 404: apiErrorSchema },
      },
    },
    async (request) =>
      removeBeneficiary(app.db, request.actor, { beneficiaryId: request.params.beneficiary_id }),
  );
};
