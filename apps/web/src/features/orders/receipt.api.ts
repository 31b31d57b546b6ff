import type {
  ReceiptAnswerInput,
  ReceiptAnswerResult,
  ReceiptPhotoResult,
} from '@mandado/shared/receipt.schemas';
import { apiPost, apiPostBody, segment } from '@mandado/web-kit/api-client.ts';
import { shrinkPhoto } from '@mandado/web-kit/photo-shrink.ts';

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

/**
 * The optional photo of 'Falta algo', sent as the raw image before the answer that names it: made at most
 * 1600 px on the phone first, so the family's mobile data carries some 300 KB instead of several MB.
 */
export async function uploadClaimPhoto(
  token: string,
  storeOrderNumber: string,
  photo: Blob,
): Promise<string> {
  const answer = await apiPostBody<ReceiptPhotoResult>(
    `/tracking/${segment(token)}/stores/${segment(storeOrderNumber)}/receipt/photos/`,
    await shrinkPhoto(photo),
  );
  return answer.photo_id;
}
