import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { storeSubstitutionWaitSchema } from '@mandado/shared/substitution-wait.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../http-schemas.ts';
import { getSubstitutionWait, setSubstitutionWait } from './store-substitution-wait.service.ts';

const TAGS = ['comercio'];
const GUARDED = { 401: apiErrorSchema, 403: apiErrorSchema };

/** The store's wait for substitute answers (issue 29, decision 073), inside the merchant portal's guard. */
export const storeSubstitutionWaitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:id/substitution-wait/',
    {
      schema: {
        tags: TAGS,
        summary: 'Cuántos minutos, dentro del horario, espera la tienda la respuesta a un reemplazo',
        params: idParamsSchema,
        response: { 200: storeSubstitutionWaitSchema, ...GUARDED, 404: apiErrorSchema },
      },
    },
    async (request) => getSubstitutionWait(app.db, request.actor, request.params.id),
  );

  app.put(
    '/stores/:id/substitution-wait/',
    {
      schema: {
        tags: TAGS,
        summary: 'La espera de respuesta a un reemplazo (5 a 120 minutos, dentro del horario); solo dueños',
        params: idParamsSchema,
        body: storeSubstitutionWaitSchema,
        response: { 200: storeSubstitutionWaitSchema, ...GUARDED, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => setSubstitutionWait(app.db, request.actor, request.params.id, request.body),
  );
};
