import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { RECEIPT_STATUSES } from './receipt.ts';
import { personNameProblem } from './validation-rules.ts';

/**
 * The family's answer on the tracking link and what everyone reads of it (issue 29, decision 064). Lines are
 * named by their place in the store's list on the tracking page (0, 1, …): the link never shows row ids.
 */

export const RECEIPT_NOTE_MAX_LENGTH = 500;

const missingLineSchema = z.object({
  line: z.number({ error: MESSAGES.invalidValue }).int().min(0).max(200),
  quantity: z.number({ error: MESSAGES.invalidValue }).int().min(1).max(99),
});

/** `POST /v1/tracking/:token/stores/:number/receipt/`. */
export const receiptAnswerInputSchema = z.discriminatedUnion(
  'answer',
  [
    z.object({ answer: z.literal('received') }),
    z.object({
      answer: z.literal('missing'),
      lines: z.array(missingLineSchema).min(1, { error: 'Elige qué producto falta.' }).max(200),
      note: z
        .string()
        .trim()
        .max(RECEIPT_NOTE_MAX_LENGTH, { error: `Escribe hasta ${RECEIPT_NOTE_MAX_LENGTH} caracteres.` })
        // The note reaches the remitter's page, the store and the operators: like a courier's, no links.
        .refine((value) => value === '' || personNameProblem(value) !== 'link', {
          error: 'Escribe el comentario sin enlaces ni correos.',
        })
        .default(''),
      /** An optional photo, uploaded first to `…/receipt/photos/` (its answer's photo_id). */
      photo_id: z.uuid({ error: MESSAGES.invalidValue }).optional(),
    }),
  ],
  { error: 'Elige «Recibí todo» o «Falta algo».' },
);
export type ReceiptAnswerInput = z.infer<typeof receiptAnswerInputSchema>;

/** A claimed line as the family, the remitter, the store and the operators read it. */
export const claimedLineSchema = z.object({ name: z.string(), quantity: z.number().int() });

/** The receipt of one store order: its status, when, and what is missing. */
export const receiptSchema = z.object({
  status: z.enum(RECEIPT_STATUSES),
  /** When it was answered (or, automatic, when the 48 hours ran out); null while awaiting. */
  at: z.string().nullable(),
  /** True when nobody answered and 48 hours went by. */
  automatic: z.boolean(),
  /** Until when the family may answer (delivery + 48 h). */
  answer_until: z.string(),
  missing: z.array(claimedLineSchema),
  note: z.string(),
  /** The claim came with a photo (each reader has its own address for it). */
  has_photo: z.boolean(),
  /** The remitter's sentence: 'Rosa confirmó que recibió todo el 27/11 a las 10:31'. Null while awaiting. */
  text: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptAnswerResultSchema = z.object({ detail: z.string(), receipt: receiptSchema });
export type ReceiptAnswerResult = z.infer<typeof receiptAnswerResultSchema>;

/** `POST /v1/tracking/:token/stores/:number/receipt/photos/`: the photo kept for the claim that names it. */
export const receiptPhotoResultSchema = z.object({ photo_id: z.string() });
export type ReceiptPhotoResult = z.infer<typeof receiptPhotoResultSchema>;

/** `GET /v1/admin/receipt-claims/`: the claims in the operators' support inbox. */
export const receiptClaimListQuerySchema = z.object({
  open: z.enum(['true', 'false'], { error: MESSAGES.invalidValue }).optional(),
});

export const receiptClaimSchema = z.object({
  id: z.number().int(),
  group_number: z.string(),
  store_order_number: z.string(),
  store_name: z.string(),
  beneficiary_first_name: z.string(),
  status: z.enum(RECEIPT_STATUSES),
  claimed_at: z.string(),
  resolved_at: z.string().nullable(),
  note: z.string(),
  lines: z.array(claimedLineSchema.extend({ line_id: z.number().int() })),
  /** The operators' address of the claim's photo (under /v1/admin), or null without one. */
  photo_url: z.string().nullable(),
});
export type ReceiptClaim = z.infer<typeof receiptClaimSchema>;

export const receiptClaimListSchema = z.object({ results: z.array(receiptClaimSchema) });
export type ReceiptClaimList = z.infer<typeof receiptClaimListSchema>;

export const receiptClaimRefundResultSchema = z.object({
  detail: z.string(),
  claim: receiptClaimSchema,
  /** USD decimal given back by this click (capped by what was left of each line and of the store order). */
  refunded: z.string(),
});
export type ReceiptClaimRefundResult = z.infer<typeof receiptClaimRefundResultSchema>;
