import type { ReceiptAnswerInput, ReceiptAnswerResult } from '@mandado/shared/receipt.schemas';
import type { Database } from '../db/database.ts';
import type { MediaStorage } from '../modules/media/media-storage.ts';
import { enqueueOrderMessage } from '../modules/messages/messages.service.ts';
import { recordReceiptNote } from '../modules/order-status/order-status.service.ts';
import { answerReceipt } from '../modules/receipts/receipts.service.ts';
import { notifyStoreOfClaim } from '../modules/store-inbox/claim-push.service.ts';

export interface AnswerReceiptDeps {
  media: MediaStorage;
  publicUrl: string;
  kickMailWorker: () => void;
  kickPushWorker: () => void;
}

/**
 * The family's answer after delivery (issue 29, decisions 064 and 074), in one transaction: receipts keeps the
 * answer, its photo and its history and e-mails the remitter of a claim; order-status notes it on the store
 * order (moving its updated_at), so the store's inbox and the operators' order timeline show it; a claim also
 * pushes to the store's members (store-inbox) and sends the remitter a WhatsApp/SMS (messages: opt-out and
 * quiet hours are its job's). A flow, so that order-status may read receipts (the store's view) without
 * receipts importing order-status back.
 */
export async function answerReceiptFlow(
  db: Database,
  token: string,
  storeOrderNumber: string,
  input: ReceiptAnswerInput,
  deps: AnswerReceiptDeps,
): Promise<ReceiptAnswerResult> {
  const result = await answerReceipt(db, token, storeOrderNumber, input, {
    noteOnStoreOrder: recordReceiptNote,
    media: deps.media,
    publicUrl: deps.publicUrl,
    tellOfClaim: async (tx, claim) => {
      await notifyStoreOfClaim(tx, claim);
      await enqueueOrderMessage(tx, {
        kind: 'receipt_claimed',
        storeOrder: claim.storeOrderId,
        missing: claim.missingText,
      });
    },
  });
  if (result.receipt.status === 'claimed') {
    deps.kickMailWorker();
    deps.kickPushWorker();
  }
  return result;
}
