/**
 * The substitution questions' words and rules without zod (issue 29, decision 062): the store's inbox list and
 * the remitter's page read these, so neither first load carries the schemas' library.
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
