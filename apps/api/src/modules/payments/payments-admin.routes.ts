import {
  paymentFindingsSchema,
  paymentQueueQuerySchema,
  paymentQueueSchema,
} from '@mandado/shared/admin-payments.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_DENIALS } from '../../admin-guard.ts';
import { requirePermission } from '../../authorization.ts';
import { getPaymentQueue } from '../orders/payment-queue.service.ts';
import { auditPayments } from './payments-audit.service.ts';

const TAGS = ['administración'];

/** The back office's payments screen (issue 19), inside /v1/admin: the transfer queue and the audit's findings. */
export const paymentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments/queue/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: TAGS,
        summary: 'Transferencias y depósitos esperando el dinero, el más antiguo primero (filtro: country)',
        querystring: paymentQueueQuerySchema,
        response: { 200: paymentQueueSchema, 400: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => getPaymentQueue(app.db, request.actor, request.query),
  );

  app.get(
    '/payments/audit/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: TAGS,
        summary:
          'Lo que encuentra `npm run audit:payments`: diferencias entre cobros, pedidos, devoluciones y saldos',
        response: { 200: paymentFindingsSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => {
      requirePermission(request.actor, 'admin:read');
      return { checked_at: new Date().toISOString(), results: await auditPayments(app.db) };
    },
  );
};
