import { detailSchema } from '@mandado/shared/account.schemas';
import { ACCOUNT_MESSAGES } from '@mandado/shared/account-messages';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { accountDeletionSchema, personalDataExportSchema } from '@mandado/shared/personal-data.schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../authorization.ts';
import { deleteAccountFlow } from '../../flows/delete-account.flow.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { endSession } from '../../plugins/session.ts';
import { ordersContextOf } from '../orders/orders-context.ts';
import { personalDataCsv } from './personal-data.presenter.ts';
import { exportPersonalData } from './personal-data.service.ts';

const TAGS = ['cuentas'];
const ERRORS = { 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

/** 'Descargar mis datos' (issue 32): the remitter's own data as JSON or CSV, never cached anywhere. */
export const personalDataRoutes: FastifyPluginAsyncZod = async (app) => {
  // A visitor gets 401 before anything is read; the answer holds personal data, so nothing may keep it.
  const preValidation = async (request: FastifyRequest, reply: FastifyReply) => {
    requireActor(request);
    reply.header('cache-control', 'no-store');
  };

  app.get(
    '/users/my-data/',
    {
      preValidation,
      schema: {
        tags: TAGS,
        summary:
          'Descarga tus datos (JSON): cuenta, consentimientos, beneficiarios, pedidos, crédito y correos',
        response: { 200: personalDataExportSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      // Each download reads every order: a few an hour is all a person needs.
      await enforceRateLimit(app, reply, 'dataExportPerUser', `user:${actor.userId}`);
      const day = new Date().toISOString().slice(0, 10);
      reply.header('content-disposition', `attachment; filename="mis-datos-mandado-${day}.json"`);
      return exportPersonalData(ordersContextOf(app), request.actor);
    },
  );

  app.get(
    '/users/my-data.csv',
    {
      preValidation,
      schema: {
        tags: TAGS,
        summary:
          'Descarga tus datos (CSV con BOM, separado por punto y coma: sección; registro; campo; valor)',
        response: { 200: z.string(), ...ERRORS },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await enforceRateLimit(app, reply, 'dataExportPerUser', `user:${actor.userId}`);
      const data = await exportPersonalData(ordersContextOf(app), request.actor);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="mis-datos-mandado-${day}.csv"`)
        .send(personalDataCsv(data));
    },
  );

  app.post(
    '/users/delete-account/',
    {
      preValidation,
      schema: {
        tags: TAGS,
        summary:
          'Elimina tu cuenta (Ley 18.331): pide la contraseña; borra o seudonimiza tus datos, guarda los pedidos sin ellos y cierra todas tus sesiones. 409 con un pedido en curso',
        body: accountDeletionSchema,
        response: { 200: detailSchema, 400: apiErrorSchema, 409: apiErrorSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      await deleteAccountFlow(app.db, request.actor, request.body);
      // The flow ended every session in the database; this clears the cookie of the one asking.
      await endSession(app, request, reply);
      return { detail: ACCOUNT_MESSAGES.accountDeleted };
    },
  );
};
