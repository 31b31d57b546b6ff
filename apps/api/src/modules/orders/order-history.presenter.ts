import type { OrderSummary } from '@mandado/shared/checkout.schemas';
import type { OrderGroupStatus, PaymentStatus, StoreOrderStatus } from '@mandado/shared/order-status';
import type { GroupStoreRow, GroupSummaryRow } from './order-history.repository.ts';

/** A line of 'Mis Compras': number, date, stores with their status, total, and who receives it. */
export function presentOrderSummary(group: GroupSummaryRow, stores: readonly GroupStoreRow[]): OrderSummary {
  // The tables' check constraints hold these columns to the shared enums; the casts only name that fact.
  return {
    number: group.number,
    created: group.createdAt.toISOString(),
    status: group.status as OrderGroupStatus,
    payment_status: group.paymentStatus as PaymentStatus,
    stores: stores.map((store) => ({ name: store.storeName, status: store.status as StoreOrderStatus })),
    total: group.total,
    beneficiary_name: group.beneficiaryName,
  };
}
