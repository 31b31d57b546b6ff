import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  openSubstitutionListSchema,
  substitutionAnswerInputSchema,
  substitutionQuestionSchema,
} from '@mandado/shared/substitution.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../authorization.ts';
import {
  answerByLinkFlow,
  answerInMyOrdersFlow,
  openQuestionsOfRemitterFlow,
  readQuestionByLinkFlow,
} from '../../flows/substitution.flow.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';

// Any short string reaches the service, which says in Spanish why a link is not valid (403) or expired (410).
const linkParams = z.object({ token: z.string().max(120) });
const ANSWERS = {
  200: substitutionQuestionSchema,
  400: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
  429: apiErrorSchema,
};

/**
 * The remitter's signed link to a substitution question (issue 29, decision 062): public, no session; the
 * HMAC in the token scopes it to one question of one order until it expires.
 */
export const substitutionRoutes: FastifyPluginAsyncZod = async (app) => {
  const noStore = async (_request: unknown, reply: { header: (name: string, value: string) => unknown }) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
  };

  app.get(
    '/substitutions/:token/',
    {
      onRequest: noStore,
      preHandler: rateLimit(app, 'tracking'),
      schema: {
        tags: ['pedidos'],
        summary: 'Ver el reemplazo que propone la tienda (enlace firmado, sin sesión)',
        params: linkParams,
        response: ANSWERS,
      },
    },
    async (request) => readQuestionByLinkFlow(app.db, request.params.token),
  );

  app.post(
    '/substitutions/:token/answer/',
    {
      onRequest: noStore,
      preHandler: rateLimit(app, 'tracking'),
      schema: {
        tags: ['pedidos'],
        summary:
          'Responder al reemplazo: aceptar, reembolso a la tarjeta o como saldo, o que llame la tienda',
        params: linkParams,
        body: substitutionAnswerInputSchema,
        response: ANSWERS,
      },
    },
    async (request) =>
      answerByLinkFlow(app.db, request.params.token, request.body.answer, {
        publicUrl: app.publicUrl,
        kickMailWorker: () => app.kickMailWorker(),
        kickRefundWorker: () => app.kickRefundWorker(),
      }),
  );

  app.post(
    '/substitutions/mine/:id/answer/',
    {
      onRequest: noStore,
      schema: {
        tags: ['pedidos'],
        summary: 'Mis Compras: responder al reemplazo de un pedido tuyo (lo mismo que el enlace del correo)',
        params: idParamsSchema,
        body: substitutionAnswerInputSchema,
        response: { ...ANSWERS, 401: apiErrorSchema },
      },
    },
    async (request) =>
      answerInMyOrdersFlow(app.db, requireActor(request), request.params.id, request.body.answer, {
        publicUrl: app.publicUrl,
        kickMailWorker: () => app.kickMailWorker(),
        kickRefundWorker: () => app.kickRefundWorker(),
      }),
  );

  app.get(
    '/substitutions/',
    {
      onRequest: noStore,
      schema: {
        tags: ['pedidos'],
        summary: 'Mis Compras: los reemplazos que esperan tu respuesta',
        response: { 200: openSubstitutionListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => openQuestionsOfRemitterFlow(app.db, requireActor(request)),
  );
};
