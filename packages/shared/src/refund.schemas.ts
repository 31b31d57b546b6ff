import { z } from 'zod';
import { REFUND_DESTINATIONS, REFUND_REASONS, REFUND_STATUSES } from './fulfilment.ts';

/**
 * A refund as the remitter and the staff see it (issue 17, decision 040): `GET /v1/orders/:number/` lists
 * them per store order; amounts are USD decimal strings like every order amount.
 */
export const refundSchema = z.object({
  id: z.number().int(),
  store_order_number: z.string(),
  /** The line it is for, by its product name; null for the whole store order. */
  line_name: z.string().nullable(),
  amount: z.string(),
  reason: z.enum(REFUND_REASONS),
  reason_label: z.string(),
  destination: z.enum(REFUND_DESTINATIONS),
  destination_label: z.string(),
  status: z.enum(REFUND_STATUSES),
  status_label: z.string(),
  created: z.string(),
  settled: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;
