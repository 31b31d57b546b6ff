import {
  REFUND_DESTINATION_LABELS,
  REFUND_REASON_LABELS,
  REFUND_STATUS_LABELS,
  type RefundDestination,
  type RefundReason,
  type RefundStatus,
} from '@mandado/shared/fulfilment';
import type { Refund } from '@mandado/shared/refund.schemas';
import type { RefundNoticeRow } from './refunds.repository.ts';

/** A refund as the remitter and the staff see it, with its labels in Spanish. */
export function presentRefund(row: RefundNoticeRow): Refund {
  // The table's check constraints hold these columns to the shared lists; the casts only name that fact.
  const reason = row.reason as RefundReason;
  const destination = row.destination as RefundDestination;
  const status = row.status as RefundStatus;
  return {
    id: row.id,
    store_order_number: row.storeOrderNumber,
    line_name: row.lineName,
    amount: row.amount,
    display_amount: row.displayAmount,
    display_currency: row.displayCurrency,
    display_rate: row.displayRate,
    reason,
    reason_label: REFUND_REASON_LABELS[reason],
    destination,
    destination_label: REFUND_DESTINATION_LABELS[destination],
    status,
    status_label: REFUND_STATUS_LABELS[status],
    created: row.createdAt.toISOString(),
    settled: row.settledAt?.toISOString() ?? null,
  };
}
