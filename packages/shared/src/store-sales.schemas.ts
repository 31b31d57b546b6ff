import { z } from 'zod';
import { decimalString } from './catalog.schemas.ts';

/**
 * The owner's sales page (issue 31, decision 068): GET /v1/merchant/stores/:id/sales/. Amounts in $U (the
 * lines' prices, other currencies converted at today's rate), from the store orders of paid checkouts placed
 * in the last eight weeks (Montevideo days): what was supplied of orders not rejected.
 */
const salesBucketSchema = z.object({
  /** The day, or the week's Monday (YYYY-MM-DD, Montevideo). */
  start: z.string(),
  orders: z.number().int(),
  sales: decimalString,
});

export const storeSalesSchema = z.object({
  currency: z.literal('UYU'),
  /** The last 28 days, oldest first, every day present. */
  days: z.array(salesBucketSchema),
  /** The last 8 weeks (Monday to Sunday), oldest first. */
  weeks: z.array(salesBucketSchema),
  /** Over the 8 weeks. */
  orders: z.number().int(),
  sales: decimalString,
  average_ticket: decimalString,
  /** Lines the store marked short, over all lines; rejected store orders over all (percent, one decimal). */
  unavailable_rate: z.number(),
  rejected_rate: z.number(),
  top_products: z.array(z.object({ name: z.string(), units: z.number().int(), sales: decimalString })),
});
export type StoreSales = z.infer<typeof storeSalesSchema>;
