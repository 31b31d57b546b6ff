import type { CourierAction, CourierStoreOrder } from '@mandado/shared/courier.schemas';
import type { DeliveryAttempt } from '@mandado/shared/delivery.schemas';
import { ATTEMPT_REASON_LABELS, type AttemptReason, MAX_CODE_FAILURES } from '@mandado/shared/fulfilment';
import { mapsLink } from '@mandado/shared/maps-link';
import { nextStatuses, STORE_ORDER_STATUS_LABELS, type StoreOrderStatus } from '@mandado/shared/order-status';
import { storeOrderWindowText } from '@mandado/shared/store-windows';
import type { AttemptRow, HandOverRow } from './courier.repository.ts';

/**
 * Where each reader fetches a store order's proof photo (`photo_url` of DeliveryProof): the remitter under
 * their order, the store's members under their store, operators in the back office. Paths, relative to the
 * API's origin, which is the site's.
 */
export const proofPhotoPaths = {
  remitter: (groupNumber: string, storeOrderNumber: string) =>
    `/v1/orders/${encodeURIComponent(groupNumber)}/store-orders/${encodeURIComponent(storeOrderNumber)}/proof-photo`,
  merchant: (storeId: number, storeOrderNumber: string) =>
    `/v1/merchant/stores/${storeId}/orders/${encodeURIComponent(storeOrderNumber)}/proof-photo`,
  operator: (storeOrderNumber: string) =>
    `/v1/admin/store-orders/${encodeURIComponent(storeOrderNumber)}/proof-photo`,
};

// The table's check constraints hold these columns to the shared enums; the casts only name that fact.
const asStatus = (value: string): StoreOrderStatus => value as StoreOrderStatus;
const asReason = (value: string): AttemptReason => value as AttemptReason;

export function presentAttempts(rows: readonly AttemptRow[]): DeliveryAttempt[] {
  return rows.map((row) => {
    const reason = asReason(row.reason);
    return {
      reason,
      reason_label: ATTEMPT_REASON_LABELS[reason],
      note: row.note,
      at: row.createdAt.toISOString(),
    };
  });
}

/** Where the courier's part is over: the link shows only the outcome (issue 27). */
export const DELIVERY_ENDED_STATUSES: ReadonlySet<string> = new Set(['delivered', 'fulfilled', 'rejected']);

/**
 * What the courier may do from this status. 'Retiré el pedido' only while the order waits at the store: once
 * picked up the courier holds it, and after a failed attempt goes on to 'Entregado' or another attempt (issue
 * 27; the table's 'Intento de entrega' → 'En camino' edge stays for staff). A failed attempt is possible
 * while the order is out (a second one from 'Intento de entrega' sends it to operators, a move the system
 * makes for the courier).
 */
export function courierActions(status: StoreOrderStatus): CourierAction[] {
  const next = nextStatuses(status, 'courier', { withCode: true });
  const actions: CourierAction[] = [];
  if (status === 'ready_to_delivery' && next.includes('in_transit')) actions.push('picked_up');
  if (next.includes('delivered')) actions.push('delivered');
  if (next.includes('delivery_attempt') || status === 'delivery_attempt') actions.push('attempt');
  return actions;
}

/**
 * The courier's view, built field by field so nothing else of the order can slip in with a new column: the
 * delivery code, the prices and the remitter stay out.
 */
export function presentCourierStoreOrder(
  row: HandOverRow,
  packages: { lines: number; units: number },
  attempts: readonly AttemptRow[],
  items: ReadonlyArray<{ name: string; quantity: number }> = [],
): CourierStoreOrder {
  const status = asStatus(row.status);
  const recipient = row.beneficiary;
  // Over: the outcome only. The address and phones are not the courier's business any more (issue 27).
  const ended = DELIVERY_ENDED_STATUSES.has(status);
  return {
    number: row.number,
    status,
    status_label: STORE_ORDER_STATUS_LABELS[status],
    store: { name: row.storeName, address: row.storeAddress },
    recipient: ended
      ? null
      : {
          first_name: recipient.firstName,
          last_name: recipient.lastName,
          address_line1: recipient.addressLine1,
          city: recipient.cityName,
          state: recipient.stateName,
          maps_link: mapsLink(recipient.latitude, recipient.longitude),
          mobile_number: recipient.mobile,
          phone_number: recipient.landline,
          delivery_notes: recipient.deliveryNotes,
          meeting_point: recipient.meetingPoint,
        },
    packages,
    // Only while there is something to pick up or hand over; gone with the address once it is over.
    items: ended ? [] : [...items],
    delivery_window: { from: row.deliveryFrom, to: row.deliveryTo },
    window_text: storeOrderWindowText(row),
    // An attempt's note may quote the people at the door: gone with the address.
    attempts: ended ? [] : presentAttempts(attempts),
    actions: courierActions(status),
    code_tries_left: Math.max(0, MAX_CODE_FAILURES - row.codeFailures),
    delivered:
      row.deliveredAt && row.receivedBy !== null
        ? { at: row.deliveredAt.toISOString(), received_by: row.receivedBy }
        : null,
  };
}
