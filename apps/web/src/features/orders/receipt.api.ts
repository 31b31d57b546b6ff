import type {
  ReceiptAnswerInput,
  ReceiptAnswerResult,
  ReceiptPhotoResult,
} from '@mandado/shared/receipt.schemas';
import { apiPost, apiPostBody, segment } from '@mandado/web-kit/api-client.ts';

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

/** The optional photo of 'Falta algo', sent as the raw image before the answer that names it. */
export async function uploadClaimPhoto(
  token: string,
  storeOrderNumber: string,
  photo: Blob,
): Promise<string> {
  const answer = await apiPostBody<ReceiptPhotoResult>(
    `/tracking/${segment(token)}/stores/${segment(storeOrderNumber)}/receipt/photos/`,
    photo,
  );
  return answer.photo_id;
}
