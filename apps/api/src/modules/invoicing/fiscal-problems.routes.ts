import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { fiscalProblemListSchema, fiscalRetryResultSchema } from '@mandado/shared/fiscal-documents.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_DENIALS } from '../../admin-guard.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import { listFiscalProblems, retryFiscalDocument } from './fiscal-problems.service.ts';

/** Registered inside /v1/admin (its guard checks each route's permission): fiscal documents needing an operator. */
export const fiscalProblemAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fiscal-documents/problems/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: ['administración'],
        summary: 'Comprobantes fiscales rechazados, fallidos o retenidos, con el motivo',
        response: { 200: fiscalProblemListSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => listFiscalProblems(app.db, request.actor),
  );

  app.post(
    '/fiscal-documents/:id/retry/',
    {
      config: { permission: 'payment:mark-paid' },
      schema: {
        tags: ['administración'],
        summary: 'Reintentar un comprobante fiscal fallido',
        params: idParamsSchema,
        response: {
          200: fiscalRetryResultSchema,
          ...ADMIN_DENIALS,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => retryFiscalDocument(app.db, request.actor, request.params.id),
  );
};
