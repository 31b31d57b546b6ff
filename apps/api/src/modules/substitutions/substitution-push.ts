import type { PushPayload } from '@mandado/shared/store-inbox.schemas';
import type { SubstitutionQuestion } from '@mandado/shared/substitution.schemas';

/**
 * The remitter's Web Push when a store proposes a substitute (issue 29 item 1, decision 073): short enough
 * for a lock screen; tapping it opens the same signed page as the e-mail's link.
 */
export function substitutionQuestionPush(question: SubstitutionQuestion, url: string): PushPayload {
  return {
    title: `¿Aceptas un reemplazo? Pedido ${question.store_order_number}`,
    body: `${question.store_name} no tiene ${question.line.name}. Te propone ${question.substitute.quantity} × ${question.substitute.name}.`,
    url,
  };
}
