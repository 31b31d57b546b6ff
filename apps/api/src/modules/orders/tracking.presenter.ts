import type { Tracking } from '@mandado/shared/checkout.schemas';
import type { OrderGroupStatus } from '@mandado/shared/order-status';
import { STORE_ORDER_STATUS_LABELS } from '@mandado/shared/order-status';
import { asStoreOrderStatus } from '../order-status/order-status.presenter.ts';
import type { HistoryRow } from '../order-status/order-status.service.ts';
import type { TrackedGroupRow, TrackedLineRow, TrackedStoreOrderRow } from './tracking.repository.ts';

/**
 * What the family member sees (issues 10, 16): the stores, each one's status timeline and products (names,
 * quantities, pictures), the delivery window and only the beneficiary's and the sender's first names. Built
 * field by field from rows that carry no amounts, address or reasons, so nothing private can slip in with a
 * new column.
 */
export function presentTracking(
  group: TrackedGroupRow,
  storeOrders: readonly TrackedStoreOrderRow[],
  historyOf: ReadonlyMap<number, readonly HistoryRow[]>,
  lines: readonly TrackedLineRow[] = [],
): Tracking {
  return {
    number: group.number,
    beneficiary_first_name: group.beneficiaryFirstName,
    sender_first_name: group.senderFirstName,
    delivery: group.delivery === 'pickup' ? 'pickup' : 'standard',
    delivery_window: { from: group.deliveryFrom, to: group.deliveryTo },
    status: group.status as OrderGroupStatus,
    stores: storeOrders.map((storeOrder) => {
      const status = asStoreOrderStatus(storeOrder.status);
      return {
        number: storeOrder.number,
        store_name: storeOrder.storeName,
        store_address: storeOrder.storeAddress,
        status,
        status_label: STORE_ORDER_STATUS_LABELS[status],
        history: (historyOf.get(storeOrder.id) ?? []).map((change) => {
          const to = asStoreOrderStatus(change.toStatus);
          return { to, label: STORE_ORDER_STATUS_LABELS[to], at: change.createdAt.toISOString() };
        }),
        items: storeOrder.items,
        lines: lines
          .filter((line) => line.storeOrderId === storeOrder.id)
          .map((line) => ({ name: line.name, quantity: line.quantity, image: line.image })),
      };
    }),
  };
}
