import type { DatabaseOrTransaction } from '../../db/database.ts';
import { enqueueWebhookEvent } from '../webhooks/webhooks.service.ts';
import type { RefundNoticeRow } from './refunds.repository.ts';

/**
 * `refund.succeeded` for partners' webhooks (issue 19), written in the transaction where a refund's money
 * moved (credit at once, the processor's answer, a bank transfer recorded). The amount is in USD, as refunds
 * are kept; the operator's note and the remitter are left out.
 */
export async function enqueueRefundSucceededEvent(
  tx: DatabaseOrTransaction,
  notice: RefundNoticeRow,
): Promise<void> {
  await enqueueWebhookEvent(tx, 'refund.succeeded', {
    refund_id: notice.id,
    order_number: notice.groupNumber,
    store_order_number: notice.storeOrderNumber,
    amount: notice.amount,
    currency: 'USD',
    destination: notice.destination,
    reason: notice.reason,
    settled_at: (notice.settledAt ?? new Date()).toISOString(),
  });
}
