import { z } from 'zod';
import { decimalString } from './catalog.schemas.ts';
import { STORE_ORDER_STATUSES } from './order-status.ts';

/**
 * The remitter decides a substitute (issue 29 item 1, decision 062). The store proposes one of its products
 * for a line it cannot supply; that is a question to the remitter, answered from a signed link, from 'Mis
 * Compras', or by the wait-time job applying the preference recorded at checkout.
 */

/** What the remitter may answer. */
export const SUBSTITUTION_ANSWERS = ['accept', 'refund_card', 'refund_credit', 'call'] as const;
export type SubstitutionAnswer = (typeof SUBSTITUTION_ANSWERS)[number];

export const SUBSTITUTION_ANSWER_LABELS: Record<SubstitutionAnswer, string> = {
  accept: 'Acepto el reemplazo',
  refund_card: 'Devuélvanme el dinero a la tarjeta',
  refund_credit: 'Devuélvanme el dinero como saldo',
  call: 'Que la tienda me llame',
};

/** What the store reads on the line once the question is answered. */
export const SUBSTITUTION_ANSWER_STORE_TEXT: Record<SubstitutionAnswer, string> = {
  accept: 'Aceptó el reemplazo',
  refund_card: 'Prefiere el reembolso a la tarjeta',
  refund_credit: 'Prefiere el reembolso como saldo',
  call: 'Pide que lo llames',
};

/** A question's life: asked, then answered once (by the remitter or by the wait time), or lapsed. */
export const SUBSTITUTION_STATUSES = ['pending', 'answered', 'lapsed'] as const;
export type SubstitutionStatus = (typeof SUBSTITUTION_STATUSES)[number];

/** Who answered: the remitter, or the wait-time job applying the recorded preference. */
export const SUBSTITUTION_ANSWERED_BY = ['remitter', 'wait_time'] as const;
export type SubstitutionAnsweredBy = (typeof SUBSTITUTION_ANSWERED_BY)[number];

/**
 * The transition table: a question leaves 'pending' once, to 'answered', or to 'lapsed' when its store order
 * can no longer change lines (handed over, rejected) before anyone answered. Every move is a compare-and-set
 * on 'pending'.
 */
export const SUBSTITUTION_TRANSITIONS: Readonly<Record<SubstitutionStatus, readonly SubstitutionStatus[]>> = {
  pending: ['answered', 'lapsed'],
  answered: [],
  lapsed: [],
};

export function canMoveSubstitution(from: SubstitutionStatus, to: SubstitutionStatus): boolean {
  return SUBSTITUTION_TRANSITIONS[from].includes(to);
}

/** How long the store waits for an answer by default (issue 29: 20 minutes). */
export const DEFAULT_SUBSTITUTION_WAIT_MINUTES = 20;

export const SUBSTITUTION_MESSAGES = {
  linkInvalid: 'Este enlace no es válido. Abre el que te enviamos por correo o entra a Mis Compras.',
  linkExpired: 'Este enlace venció. Entra a Mis Compras para ver tu pedido.',
  alreadyAnswered: 'Esta pregunta ya tiene respuesta: no cambiamos nada.',
  lapsed: 'El pedido ya avanzó y la tienda decidió sin esperar: no cambiamos nada.',
  alreadyAsked: 'Ya le preguntaste a quien compró por este producto. Espera su respuesta.',
  noCardRefund: 'Este pedido no se pagó con tarjeta: el dinero vuelve como saldo.',
  notYours: 'Ese pedido no es tuyo.',
} as const;

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
