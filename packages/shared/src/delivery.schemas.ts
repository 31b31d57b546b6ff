import { z } from 'zod';
import { ATTEMPT_REASONS } from './fulfilment.ts';

/** A failed delivery as the payer, the tracking page and the staff see it (issue 17). */
export const deliveryAttemptSchema = z.object({
  reason: z.enum(ATTEMPT_REASONS),
  reason_label: z.string(),
  note: z.string(),
  at: z.string(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

/**
 * Proof that a store order was handed over: when, who received it, and the photo's URL (an authorised
 * `/v1/…` address, readable only by the remitter, the store's members and operators), or null.
 */
export const deliveryProofSchema = z.object({
  delivered_at: z.string(),
  received_by: z.string(),
  photo_url: z.string().nullable(),
});
export type DeliveryProof = z.infer<typeof deliveryProofSchema>;
