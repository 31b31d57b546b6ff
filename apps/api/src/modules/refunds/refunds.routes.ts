import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  operatorRefundInputSchema,
  recordBankRefundInputSchema,
  refundSchema,
} from '@mandado/shared/refund.schemas';
import { storeOrderNumberSchema } from '@mandado/shared/staff-order.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorRefundFlow, recordBankRefundFlow } from '../../flows/refund.flow.ts';
import { idParamsSchema } from '../../http-schemas.ts';

const ANSWERS = {
  200: refundSchema,
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/**
 * /v1/admin/… refunds (issue 17, decision 040): operators record the bank transfers of bank refunds and give
 * money back by hand. Registered inside the back office's plugin, whose guard checks each route's
 * `payment:refund` before the body is read.
 */
export const refundAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/refunds/:id/record/',
    {
      config: { permission: 'payment:refund' },
      schema: {
        tags: ['administración'],
        summary: 'Registrar la transferencia bancaria de una devolución',
        params: idParamsSchema,
        body: recordBankRefundInputSchema,
        response: ANSWERS,
      },
    },
    async (request) =>
      recordBankRefundFlow(app.db, request.actor, request.params.id, request.body.reference, {
        publicUrl: app.publicUrl,
        kickMailWorker: () => app.kickMailWorker(),
      }),
  );

  app.post(
    '/store-orders/:number/refunds/',
    {
      config: { permission: 'payment:refund' },
      schema: {
        tags: ['administración'],
        summary: 'Devolver parte de lo pagado por un pedido de tienda',
        params: z.object({ number: storeOrderNumberSchema }),
        body: operatorRefundInputSchema,
        response: { ...ANSWERS, 201: refundSchema },
      },
    },
    async (request, reply) => {
      const refund = await operatorRefundFlow(app.db, request.actor, request.params.number, request.body, {
        publicUrl: app.publicUrl,
        kickMailWorker: () => app.kickMailWorker(),
        kickRefundWorker: () => app.kickRefundWorker(),
      });
      return reply.status(201).send(refund);
    },
  );
};
