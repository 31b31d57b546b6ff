import type { Tracking } from '@mandado/shared/checkout.schemas';
import { arrivedAt } from '@mandado/shared/courier-arrival';
import type { DeliveryAttempt } from '@mandado/shared/delivery.schemas';
import type { OrderGroupStatus, StoreOrderStatus } from '@mandado/shared/order-status';
import { STORE_ORDER_STATUS_LABELS } from '@mandado/shared/order-status';
import type { Receipt } from '@mandado/shared/receipt.schemas';
import { storeOrderWindowText } from '@mandado/shared/store-windows';
import { asStoreOrderStatus } from '../order-status/order-status.presenter.ts';
import type { HistoryRow } from '../order-status/order-status.service.ts';
import type { TrackedGroupRow, TrackedLineRow, TrackedStoreOrderRow } from './tracking.repository.ts';

/**
 * The statuses with a handover still ahead (issue 17): the beneficiary sees the delivery code in these only.
 * Not before payment (`pending`), and never again once delivered, completed or rejected.
 */
const HANDOVER_AHEAD: ReadonlySet<StoreOrderStatus> = new Set([
  'approved',
  'warning',
  'preparing_to_delivery',
  'ready_to_delivery',
  'in_transit',
  'delivery_attempt',
]);

/** The code for this store order's handover, or null when none is ahead (or the whole order was cancelled). */
export function visibleDeliveryCode(
  groupStatus: string,
  status: StoreOrderStatus,
  deliveryCode: string,
): string | null {
  return groupStatus === 'confirmed' && HANDOVER_AHEAD.has(status) ? deliveryCode : null;
}

function presentTrackedLine(line: TrackedLineRow): Tracking['stores'][number]['lines'][number] {
  return {
    name: line.name,
    quantity: line.quantity,
    image: line.image,
    available_quantity: line.availableQuantity,
    substitute:
      line.substituteName === null
        ? null
        : { name: line.substituteName, quantity: line.substituteQuantity ?? 0, image: line.substituteImage },
  };
}

/**
 * What the family member sees (issues 10, 16, 17): the stores, each one's status timeline and products (names,
 * quantities, pictures, what was missing or replaced), the delivery window, only the beneficiary's and the
 * sender's first names, the delivery code while a handover is ahead, and failed attempts by reason and time.
 * Built field by field from rows that carry no amounts, address or reasons, so nothing private can slip in
 * with a new column. The courier's free-text note of an attempt is left out: the link travels by WhatsApp and
 * may be forwarded, and the remitter reads the note in 'Mis Compras'.
 */
export function presentTracking(
  group: TrackedGroupRow,
  storeOrders: readonly TrackedStoreOrderRow[],
  historyOf: ReadonlyMap<number, readonly HistoryRow[]>,
  lines: readonly TrackedLineRow[] = [],
  attemptsOf: ReadonlyMap<number, readonly DeliveryAttempt[]> = new Map(),
  receiptOf: ReadonlyMap<number, Receipt | null> = new Map(),
): Tracking {
  return {
    number: group.number,
    beneficiary_first_name: group.beneficiaryFirstName,
    sender_first_name: group.senderFirstName,
    delivery: group.delivery === 'pickup' ? 'pickup' : 'standard',
    delivery_window: { from: group.deliveryFrom, to: group.deliveryTo },
    gift_message: group.giftMessage,
    status: group.status as OrderGroupStatus,
    stores: storeOrders.map((storeOrder) => {
      const status = asStoreOrderStatus(storeOrder.status);
      return {
        number: storeOrder.number,
        store_name: storeOrder.storeName,
        store_address: storeOrder.storeAddress,
        window_text: storeOrderWindowText(storeOrder),
        status,
        status_label: STORE_ORDER_STATUS_LABELS[status],
        // Staff notes (same status before and after) are not steps of the delivery.
        history: (historyOf.get(storeOrder.id) ?? [])
          .filter((change) => change.fromStatus !== change.toStatus)
          .map((change) => {
            const to = asStoreOrderStatus(change.toStatus);
            return { to, label: STORE_ORDER_STATUS_LABELS[to], at: change.createdAt.toISOString() };
          }),
        items: storeOrder.items,
        products: storeOrder.products,
        lines: lines.filter((line) => line.storeOrderId === storeOrder.id).map(presentTrackedLine),
        delivery_code: visibleDeliveryCode(group.status, status, storeOrder.deliveryCode),
        attempts: (attemptsOf.get(storeOrder.id) ?? []).map((attempt) => ({
          reason: attempt.reason,
          reason_label: attempt.reason_label,
          at: attempt.at,
        })),
        arrived_at: arrivedAt(status, historyOf.get(storeOrder.id) ?? []),
        receipt: receiptOf.get(storeOrder.id) ?? null,
      };
    }),
  };
}
