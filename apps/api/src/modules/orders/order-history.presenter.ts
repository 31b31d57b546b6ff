import type { OrderSummary } from '@mandado/shared/checkout.schemas';
import { parseMoney } from '@mandado/shared/money';
import { GROUP_REFUND_STATUS_LABELS, groupRefundStatus } from '@mandado/shared/order-refund-status';
import type { OrderGroupStatus, PaymentStatus, StoreOrderStatus } from '@mandado/shared/order-status';
import type { GroupStoreRow, GroupSummaryRow } from './order-history.repository.ts';

/**
 * A line of 'Mis Compras': number, date, stores with their status, total, who receives it, and (issue 17)
 * whether money came back (`refundedMinor`, USD minor units).
 */
export function presentOrderSummary(
  group: GroupSummaryRow,
  stores: readonly GroupStoreRow[],
  refundedMinor = 0,
): OrderSummary {
  const refundStatus = groupRefundStatus(refundedMinor, parseMoney(group.total));
  // The tables' check constraints hold these columns to the shared enums; the casts only name that fact.
  return {
    number: group.number,
    created: group.createdAt.toISOString(),
    status: group.status as OrderGroupStatus,
    payment_status: group.paymentStatus as PaymentStatus,
    stores: stores.map((store) => ({ name: store.storeName, status: store.status as StoreOrderStatus })),
    total: group.total,
    beneficiary_name: group.beneficiaryName,
    refund_status: refundStatus,
    refund_status_label: GROUP_REFUND_STATUS_LABELS[refundStatus],
  };
}
