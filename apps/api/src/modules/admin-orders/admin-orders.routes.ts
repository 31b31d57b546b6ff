import { Readable } from 'node:stream';
import {
  adminOrderCancelInputSchema,
  adminOrderDetailSchema,
  adminOrderEmailParamsSchema,
  adminOrderFiltersSchema,
  adminOrderListQuerySchema,
  adminOrderListSchema,
  adminOrderNoteInputSchema,
  adminOrderNumberSchema,
} from '@mandado/shared/admin-orders.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_DENIALS } from '../../admin-guard.ts';
import {
  addOrderNote,
  cancelUnpaidOrder,
  exportAdminOrdersCsv,
  getAdminOrder,
  listAdminOrders,
  resendOrderEmail,
} from './admin-orders.service.ts';

const TAGS = ['administración'];
const numberParams = z.object({ number: adminOrderNumberSchema });

/**
 * The back office's orders (issue 19), inside /v1/admin (its guard checks each route's permission first):
 * the list and its CSV, one order with its timeline, and an operator's note, cancellation and resend.
 */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => new Date();
  const kickMailWorker = () => app.kickMailWorker();
  const ACTION_ANSWERS = {
    200: adminOrderDetailSchema,
    400: apiErrorSchema,
    404: apiErrorSchema,
    409: apiErrorSchema,
    ...ADMIN_DENIALS,
  };

  app.get(
    '/orders/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: TAGS,
        summary: 'Todos los pedidos, el más nuevo primero, con filtros y paginado por cursor',
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListSchema, 400: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => listAdminOrders(app.db, request.actor, request.query, now()),
  );

  app.get(
    '/orders/export.csv',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: TAGS,
        summary: 'Los pedidos filtrados en CSV (UTF-8 con BOM, separado por punto y coma, para Excel)',
        querystring: adminOrderFiltersSchema,
        response: { 200: z.string(), 400: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="pedidos-${day}.csv"`)
        .send(
          // Fastify pipes a stream as is (no serializer); the schema's string types its text for the docs.
          Readable.from(
            exportAdminOrdersCsv(app.db, request.actor, request.query, now()),
          ) as unknown as string,
        );
    },
  );

  app.get(
    '/orders/:number/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: TAGS,
        summary: 'Un pedido con sus pedidos de tienda, pagos, devoluciones, correos y su historia',
        params: numberParams,
        response: { 200: adminOrderDetailSchema, 404: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => getAdminOrder(app.db, request.actor, request.params.number, now()),
  );

  app.post(
    '/orders/:number/notes/',
    {
      config: { permission: 'order:operate' },
      schema: {
        tags: TAGS,
        summary: 'Agregar una nota interna al pedido',
        params: numberParams,
        body: adminOrderNoteInputSchema,
        response: ACTION_ANSWERS,
      },
    },
    async (request) => addOrderNote(app.db, request.actor, request.params.number, request.body, now()),
  );

  app.post(
    '/orders/:number/cancel/',
    {
      config: { permission: 'order:operate' },
      schema: {
        tags: TAGS,
        summary: 'Cancelar un pedido por transferencia o depósito sin pagar (libera stock, cupón y crédito)',
        params: numberParams,
        body: adminOrderCancelInputSchema,
        response: ACTION_ANSWERS,
      },
    },
    async (request) =>
      cancelUnpaidOrder(app.db, request.actor, request.params.number, request.body, {
        kickMailWorker,
        now: now(),
      }),
  );

  app.post(
    '/orders/:number/emails/:id/resend/',
    {
      config: { permission: 'order:operate' },
      schema: {
        tags: TAGS,
        summary: 'Reenviar un correo del pedido',
        params: adminOrderEmailParamsSchema,
        response: ACTION_ANSWERS,
      },
    },
    async (request) =>
      resendOrderEmail(app.db, request.actor, request.params.number, request.params.id, {
        kickMailWorker,
        now: now(),
      }),
  );
};
