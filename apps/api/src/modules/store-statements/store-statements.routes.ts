import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { orderEarningsSchema } from '@mandado/shared/order-earnings';
import { storeOrderNumberSchema } from '@mandado/shared/staff-order.schemas';
import {
  statementListSchema,
  statementSchema,
  statementWeekParamsSchema,
} from '@mandado/shared/statement.schemas';
import { storeSalesSchema } from '@mandado/shared/store-sales.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../http-schemas.ts';
import { getStoreSales } from './store-sales.service.ts';
import {
  getOrderEarnings,
  getStatement,
  listStatements,
  payoutAccountOfStatements,
  statementCsv,
} from './store-statements.service.ts';

const TAGS = ['comercio'];
const ERRORS = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** A store's weekly statements (issue 18), inside /v1/merchant; owners only. */
export const storeStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:id/statements/',
    {
      schema: {
        tags: TAGS,
        summary: 'Liquidaciones semanales (lunes a domingo) de los últimos tres meses, la más nueva primero',
        params: idParamsSchema,
        response: { 200: statementListSchema, ...ERRORS },
      },
    },
    async (request) => {
      const [results, payoutAccount] = await Promise.all([
        listStatements(app.db, request.actor, request.params.id),
        payoutAccountOfStatements(app.db, request.actor, request.params.id),
      ]);
      return { results, payout_account: payoutAccount };
    },
  );

  app.get(
    '/stores/:id/statements/:week/',
    {
      schema: {
        tags: TAGS,
        summary: 'La liquidación de una semana (su lunes, AAAA-MM-DD), pedido por pedido',
        params: statementWeekParamsSchema,
        response: { 200: statementSchema, ...ERRORS },
      },
    },
    async (request) => getStatement(app.db, request.actor, request.params.id, request.params.week),
  );

  app.get(
    '/stores/:id/statements/:week/csv/',
    {
      schema: {
        tags: TAGS,
        summary: 'La liquidación de una semana en CSV',
        params: statementWeekParamsSchema,
        response: { 200: z.string(), ...ERRORS },
      },
    },
    async (request, reply) => {
      const csv = await statementCsv(app.db, request.actor, request.params.id, request.params.week);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="liquidacion-${request.params.week}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/stores/:id/orders/:number/earnings/',
    {
      schema: {
        tags: TAGS,
        summary: 'Lo que la tienda gana con un pedido: líneas con su precio, subtotal, comisión y neto',
        params: idParamsSchema.extend({ number: storeOrderNumberSchema }),
        response: { 200: orderEarningsSchema, ...ERRORS },
      },
    },
    async (request) => getOrderEarnings(app.db, request.actor, request.params.id, request.params.number),
  );

  app.get(
    '/stores/:id/sales/',
    {
      schema: {
        tags: TAGS,
        summary:
          'Ventas de las últimas ocho semanas por día y semana, ticket promedio, más vendidos y tasas; solo dueños',
        params: idParamsSchema,
        response: { 200: storeSalesSchema, ...ERRORS },
      },
    },
    async (request) => getStoreSales(app.db, request.actor, request.params.id),
  );
};
