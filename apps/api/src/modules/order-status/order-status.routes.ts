import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  staffStoreOrderSchema,
  storeOrderNumberSchema,
  storeOrderStatusInputSchema,
} from '@mandado/shared/staff-order.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeStoreOrderStatusFlow } from '../../flows/change-store-order-status.flow.ts';
import { HttpError } from '../../http-errors.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import { findMerchantStoreOrder } from './order-status.service.ts';

/** A 409 of a merchant's move: the message and, when the order is still theirs, the order as it is now. */
const staleMoveAnswerSchema = z.union([
  z.object({ detail: z.string(), order: staffStoreOrderSchema }),
  apiErrorSchema,
]);

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
  // The store's inbox (GET /stores/:id/orders/) and its card live in the store-inbox module (issue 17).
  app.post(
    '/stores/:id/orders/:number/status/',
    {
      schema: {
        tags: ['comercio'],
        summary: 'Cambiar el estado de un pedido de la tienda (según la tabla de transiciones)',
        params: idParamsSchema.extend({ number: storeOrderNumberSchema }),
        body: storeOrderStatusInputSchema,
        response: { ...ANSWERS, 409: staleMoveAnswerSchema },
      },
    },
    async (request, reply) => {
      try {
        return await changeStoreOrderStatusFlow(
          app.db,
          request.actor,
          { kind: 'merchant', storeId: request.params.id },
          { number: request.params.number, ...request.body },
          {
            publicUrl: app.publicUrl,
            kickMailWorker: () => app.kickMailWorker(),
            kickRefundWorker: () => app.kickRefundWorker(),
          },
        );
      } catch (error) {
        // Someone else moved it first: the loser's screen gets the order as it is now with the message
        // (issue 17), so it shows the fresh state without another request.
        if (!(error instanceof HttpError) || error.statusCode !== 409 || !('detail' in error.body))
          throw error;
        const order = await findMerchantStoreOrder(
          app.db,
          request.params.id,
          request.params.number,
          app.publicUrl,
        );
        const detail = String(error.body.detail);
        return reply.status(409).send(order ? { detail, order } : { detail });
      }
    },
  );
};

/** Registered inside the back office's plugin (decision 012), whose hook already required an operator. */
export const adminStoreOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/store-orders/:number/status/',
    {
      config: { permission: 'order:operate' },
      schema: {
        tags: ['administración'],
        summary: 'Cambiar el estado de cualquier pedido de tienda (operadores)',
        params: z.object({ number: storeOrderNumberSchema }),
        body: storeOrderStatusInputSchema,
        response: ANSWERS,
      },
    },
    async (request) =>
      changeStoreOrderStatusFlow(
        app.db,
        request.actor,
        { kind: 'operator' },
        { number: request.params.number, ...request.body },
        {
          publicUrl: app.publicUrl,
          kickMailWorker: () => app.kickMailWorker(),
          kickRefundWorker: () => app.kickRefundWorker(),
        },
      ),
  );
};
