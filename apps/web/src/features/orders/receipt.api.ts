import type { ReceiptAnswerInput, ReceiptAnswerResult } from '@mandado/shared/receipt.schemas';
import { apiPost, segment } from '@mandado/web-kit/api-client.ts';

/** The family's one answer for a delivered store order (issue 29): 'Recibí todo' or 'Falta algo'. */
export function answerReceipt(
  token: string,
  storeOrderNumber: string,
  body: ReceiptAnswerInput,
): Promise<ReceiptAnswerResult> {
  return apiPost<ReceiptAnswerResult>(
    `/tracking/${segment(token)}/stores/${segment(storeOrderNumber)}/receipt/`,
    body,
  );
}
