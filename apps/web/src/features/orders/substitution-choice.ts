import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import type { SubstitutionQuestion } from '@mandado/shared/substitution.schemas';
import {
  SUBSTITUTION_ANSWER_LABELS,
  SUBSTITUTION_ANSWERS,
  type SubstitutionAnswer,
} from '@mandado/shared/substitution-texts';

/**
 * What the remitter reads for each choice of a substitute (issue 29): what happens and what comes back. The
 * signed page (/reemplazo/:token) and 'Mis Compras' show the same words.
 */
export function choiceHint(question: SubstitutionQuestion, answer: SubstitutionAnswer): string {
  switch (answer) {
    case 'accept':
      return parseMoney(question.refund_if_accepted) > 0
        ? `Te devolvemos ${usdText(parseMoney(question.refund_if_accepted))}.`
        : 'Sin diferencia de precio.';
    case 'refund_card':
      return `Te devolvemos ${usdText(parseMoney(question.refund_if_refused))} a la tarjeta.`;
    case 'refund_credit':
      return `${usdText(parseMoney(question.refund_if_refused))} como saldo para tu próxima compra.`;
    case 'call':
      return 'La tienda te llama a tu teléfono antes de cambiar algo.';
  }
}

/** The choices this question offers: no refund to a card when the order was not paid with one. */
export function choicesOf(question: SubstitutionQuestion): SubstitutionAnswer[] {
  return SUBSTITUTION_ANSWERS.filter((choice) => choice !== 'refund_card' || question.card_refund);
}

/** What an answered (or lapsed) question says instead of the choices. */
export function answeredText(question: SubstitutionQuestion): string {
  if (question.status === 'lapsed') return 'El pedido ya avanzó y la tienda decidió sin esperar.';
  const label = question.answer ? SUBSTITUTION_ANSWER_LABELS[question.answer] : '';
  const byPreference = question.answered_by === 'wait_time' ? ' (lo que elegiste al comprar)' : '';
  return `Respuesta registrada: ${label}${byPreference}. La tienda ya lo ve.`;
}
