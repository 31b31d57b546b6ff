import { z } from 'zod';
import { decimalString } from './catalog.schemas.ts';
import { STORE_ORDER_STATUSES } from './order-status.ts';
import {
  SUBSTITUTION_ANSWERED_BY,
  SUBSTITUTION_ANSWERS,
  SUBSTITUTION_STATUSES,
} from './substitution-texts.ts';

/**
 * The remitter decides a substitute (issue 29 item 1, decision 062). The store proposes one of its products
 * for a line it cannot supply; that is a question to the remitter, answered from a signed link, from 'Mis
 * Compras', or by the wait-time job applying the preference recorded at checkout.
 */

/** Staff: `POST /v1/merchant/stores/:id/orders/:number/lines/:lineId/substitute-question/`. */
export const substitutionProposalInputSchema = z.object({
  /** The status the screen showed (409 when it moved meanwhile). */
  from: z.enum(STORE_ORDER_STATUSES),
  available_quantity: z.number().int().min(0).max(98),
  substitute: z.object({
    product_id: z.number().int().positive().max(2_147_483_647),
    quantity: z.number().int().min(1).max(99),
  }),
});
export type SubstitutionProposalInput = z.infer<typeof substitutionProposalInputSchema>;

/** The answer, from the link or from 'Mis Compras'. */
export const substitutionAnswerInputSchema = z.object({ answer: z.enum(SUBSTITUTION_ANSWERS) });
export type SubstitutionAnswerInput = z.infer<typeof substitutionAnswerInputSchema>;

/** A signed link's token: `<question id>.<expiry, unix seconds>.<HMAC-SHA256, base64url>`. */
export const substitutionTokenSchema = z.string().regex(/^[1-9]\d{0,9}\.[1-9]\d{0,11}\.[A-Za-z0-9_-]{43}$/);

/** The question as the remitter reads it (the public page and 'Mis Compras'). */
export const substitutionQuestionSchema = z.object({
  id: z.number().int(),
  status: z.enum(SUBSTITUTION_STATUSES),
  answer: z.enum(SUBSTITUTION_ANSWERS).nullable(),
  answered_by: z.enum(SUBSTITUTION_ANSWERED_BY).nullable(),
  store_name: z.string(),
  store_order_number: z.string(),
  line: z.object({ name: z.string(), quantity: z.number().int(), paid: decimalString }),
  available_quantity: z.number().int(),
  substitute: z.object({
    name: z.string(),
    image: z.string().nullable(),
    quantity: z.number().int(),
    /** USD the substitute costs the remitter: never more than what they paid for the missing units. */
    price: decimalString,
  }),
  /** USD that comes back if the remitter accepts (a cheaper substitute's difference, units not replaced). */
  refund_if_accepted: decimalString,
  /** USD that comes back if the remitter refuses it (what was paid for the missing units). */
  refund_if_refused: decimalString,
  /** Whether 'refund to the card' is possible (the order was paid by card or PayPal). */
  card_refund: z.boolean(),
  /** When the recorded preference applies if nobody answers (ISO). */
  deadline: z.string(),
  preference: z.enum(['similar', 'call', 'refund']),
});
export type SubstitutionQuestion = z.infer<typeof substitutionQuestionSchema>;

/** The question as the store's inbox shows it on the line (its state, live through the ETag). */
export const storeSubstitutionQuestionSchema = z.object({
  line_id: z.number().int(),
  status: z.enum(SUBSTITUTION_STATUSES),
  answer: z.enum(SUBSTITUTION_ANSWERS).nullable(),
  answered_by: z.enum(SUBSTITUTION_ANSWERED_BY).nullable(),
  substitute_name: z.string(),
  substitute_quantity: z.number().int(),
  deadline: z.string(),
});
export type StoreSubstitutionQuestion = z.infer<typeof storeSubstitutionQuestionSchema>;

/** The remitter's phone, as 'Llamarme antes' needs it (never the beneficiary's). */
export const remitterPhoneSchema = z.object({ formatted: z.string(), e164: z.string() });
export type RemitterPhone = z.infer<typeof remitterPhoneSchema>;

/** 'Mis Compras': `GET /v1/substitutions/`, the signed-in remitter's open questions with their page's path. */
export const openSubstitutionListSchema = z.object({
  results: z.array(z.object({ question: substitutionQuestionSchema, path: z.string() })),
});
export type OpenSubstitutionList = z.infer<typeof openSubstitutionListSchema>;
