import type { ReceiptAnswerInput, ReceiptAnswerResult } from '@mandado/shared/receipt.schemas';
import type { Database } from '../db/database.ts';
import { recordReceiptNote } from '../modules/order-status/order-status.service.ts';
import { answerReceipt } from '../modules/receipts/receipts.service.ts';

/**
 * The family's answer after delivery (issue 29, decision 064), in one transaction: receipts keeps the answer
 * and its history; order-status notes it on the store order (moving its updated_at), so the store's inbox and
 * the operators' order timeline show it. A flow, so that order-status may read receipts (the store's view)
 * without receipts importing order-status back.
 */
export function answerReceiptFlow(
  db: Database,
  token: string,
  storeOrderNumber: string,
  input: ReceiptAnswerInput,
): Promise<ReceiptAnswerResult> {
  return answerReceipt(db, token, storeOrderNumber, input, { noteOnStoreOrder: recordReceiptNote });
}
