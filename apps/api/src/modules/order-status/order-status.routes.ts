import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  staffStoreOrderListSchema,
  staffStoreOrderSchema,
  storeOrderStatusInputSchema,
} from '@mandado/shared/staff-order.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../http-schemas.ts';
import { changeStoreOrderStatus, listMerchantStoreOrders } from './order-status.service.ts';

/** A store order's number as we write it (MV-10234-1); anything else is a request for nothing (404). */
export const storeOrderNumberSchema = z.string().regex(/^MV-[1-9]\d{0,11}-[1-9]\d{0,2}$/);

const ANSWERS = {
  200: staffStoreOrderSchema,
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/**
 * Registered inside the merchant portal's plugin (decision 012), whose hook already refused visitors and
 * non-members: each route then scopes to the store in its path with requirePermission.
 */
export const merchantStoreOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:id/orders/',
    {
      schema: {
        tags: ['comercio'],
        summary: 'Los pedidos de una tienda del comerciante (confirmados, los más nuevos primero)',
        params: idParamsSchema,
        response: {
          200: staffStoreOrderListSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => ({ results: await listMerchantStoreOrders(app.db, request.actor, request.params.id) }),
  );

  app.post(
    '/stores/:id/orders/:number/status/',
    {
      schema: {
        tags: ['comercio'],
        summary: 'Cambiar el estado de un pedido de la tienda (según la tabla de transiciones)',
        params: idParamsSchema.extend({ number: storeOrderNumberSchema }),
        body: storeOrderStatusInputSchema,
        response: ANSWERS,
      },
    },
    async (request) =>
      changeStoreOrderStatus(
        app.db,
        request.actor,
        { kind: 'merchant', storeId: request.params.id },
        { number: request.params.number, ...request.body },
        { publicUrl: app.publicUrl, kickMailWorker: () => app.kickMailWorker() },
      ),
  );
};

/** Registered inside the back office's plugin (decision 012), whose hook already required an operator. */
export const adminStoreOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/store-orders/:number/status/',
    {
      schema: {
        tags: ['administración'],
        summary: 'Cambiar el estado de cualquier pedido de tienda (operadores)',
        params: z.object({ number: storeOrderNumberSchema }),
        body: storeOrderStatusInputSchema,
        response: ANSWERS,
      },
    },
    async (request) =>
      changeStoreOrderStatus(
        app.db,
        request.actor,
        { kind: 'operator' },
        { number: request.params.number, ...request.body },
        { publicUrl: app.publicUrl, kickMailWorker: () => app.kickMailWorker() },
      ),
  );
};
