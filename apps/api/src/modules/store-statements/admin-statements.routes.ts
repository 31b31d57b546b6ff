import {
  adminStatementsCsvQuerySchema,
  adminStatementsQuerySchema,
  adminStatementWeekSchema,
  adminStoreStatementSchema,
  shippingStatementParamsSchema,
  shippingStatementSchema,
  statementPaidInputSchema,
  storeStatementParamsSchema,
} from '@mandado/shared/admin-payments.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_DENIALS } from '../../admin-guard.ts';
import {
  adminStatementsCsv,
  getAdminStatementWeek,
  markShippingStatementPaid,
  markStoreStatementPaid,
} from './admin-statements.service.ts';

const TAGS = ['administración'];
const PAID_ERRORS = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...ADMIN_DENIALS };

/** The operators' statements (issue 19), inside /v1/admin: every store's week and the couriers' shipping. */
export const adminStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/statements/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: TAGS,
        summary:
          'Liquidaciones de una semana (week: su lunes; por defecto la última cerrada) por tienda (store_id) y la de envíos',
        querystring: adminStatementsQuerySchema,
        response: { 200: adminStatementWeekSchema, 400: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => getAdminStatementWeek(app.db, request.actor, request.query),
  );

  app.get(
    '/statements/export.csv',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: TAGS,
        summary:
          'Las liquidaciones de la semana en CSV: pedido por pedido, el total de cada tienda y los envíos; con store_id, solo esa tienda',
        querystring: adminStatementsCsvQuerySchema,
        response: { 200: z.string(), 400: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request, reply) => {
      const { weekStart, csv } = await adminStatementsCsv(app.db, request.actor, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="liquidaciones-${weekStart}${
            request.query.store_id === undefined ? '' : `-tienda-${request.query.store_id}`
          }.csv"`,
        )
        .send(csv);
    },
  );

  app.post(
    '/statements/stores/:id/:week/paid/',
    {
      config: { permission: 'payment:mark-paid' },
      schema: {
        tags: TAGS,
        summary: 'Registra la transferencia del neto de una semana a una tienda, con su referencia',
        params: storeStatementParamsSchema,
        body: statementPaidInputSchema,
        response: { 200: adminStoreStatementSchema, ...PAID_ERRORS },
      },
    },
    async (request) =>
      markStoreStatementPaid(
        app.db,
        request.actor,
        request.params.id,
        request.params.week,
        request.body.reference,
      ),
  );

  app.post(
    '/statements/shipping/:week/paid/',
    {
      config: { permission: 'payment:mark-paid' },
      schema: {
        tags: TAGS,
        summary: 'Registra el pago de los envíos de una semana a los repartidores, con su referencia',
        params: shippingStatementParamsSchema,
        body: statementPaidInputSchema,
        response: { 200: shippingStatementSchema, ...PAID_ERRORS },
      },
    },
    async (request) =>
      markShippingStatementPaid(app.db, request.actor, request.params.week, request.body.reference),
  );
};
