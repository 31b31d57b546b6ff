import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../authorization.ts';
import { getOwnReceipt } from './invoicing.service.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';

const receiptParamsSchema = z.object({
  number: z.string().max(40),
  storeOrderNumber: z.string().max(40),
});

/** The remitter's receipt of a paid store order as a PDF (issue 32, decision 071). */
export const receiptPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:number/stores/:storeOrderNumber/receipt.pdf',
    {
      schema: {
        tags: ['pedidos'],
        summary: 'El comprobante de compra de una tienda del pedido, en PDF',
        params: receiptParamsSchema,
        response: { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // A receipt names what the family received: never in a shared cache (the 401 included).
      reply.header('cache-control', 'no-store');
      requireActor(request);
      const receipt = await getOwnReceipt(
        app.db,
        request.actor,
        request.params.number,
        request.params.storeOrderNumber,
      );
      const pdf = await renderReceiptPdf(receipt);
      // The PDF is bytes, not a documented JSON answer: sent past the typed reply, unserialised.
      return (reply as unknown as FastifyReply)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="comprobante-${receipt.storeOrderNumber}.pdf"`)
        .send(pdf);
    },
  );
};
