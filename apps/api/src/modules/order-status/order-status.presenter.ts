import type { orderBeneficiarySchema, StoreOrder } from '@mandado/shared/checkout.schemas';
import { deliveryWindowText, pickupFromText } from '@mandado/shared/date-text';
import { mapsLink } from '@mandado/shared/maps-link';
import {
  nextStatuses,
  type PaymentStatus,
  STAFF_STORE_ORDER_STATUS_LABELS,
  type StoreOrderStatus,
  type TransitionActor,
  transitionRefusal,
} from '@mandado/shared/order-status';
import type { StaffOrderLine, staffStoreOrderSchema } from '@mandado/shared/staff-order.schemas';
import { courierUrl } from '@mandado/shared/staff-routes';
import { storeOrderWindowText } from '@mandado/shared/store-windows';
import type { z } from 'zod';
import type { BeneficiarySnapshot } from '../../db/schema/orders.ts';
import type { HistoryRow, OrderLineRow, StaffStoreOrderRow } from './order-status.repository.ts';

export type StaffStoreOrder = z.infer<typeof staffStoreOrderSchema>;
type OrderBeneficiary = z.infer<typeof orderBeneficiarySchema>;
type Substitution = StoreOrder['lines'][number]['substitution'];

// The tables' check constraints hold these columns to the shared enums; the casts only name that fact.
export const asStoreOrderStatus = (value: string): StoreOrderStatus => value as StoreOrderStatus;
const asSubstitution = (value: string): Substitution => value as Substitution;

function presentOrderBeneficiary(snapshot: BeneficiarySnapshot): OrderBeneficiary {
  return {
    first_name: snapshot.firstName,
    last_name: snapshot.lastName,
    address_line1: snapshot.addressLine1,
    city: {
      id: snapshot.cityId,
      name: snapshot.cityName,
      state: snapshot.stateName,
      state_id: snapshot.stateId,
    },
    mobile_number: snapshot.mobile,
    phone_number: snapshot.landline,
    residency: snapshot.residency,
    delivery_notes: snapshot.deliveryNotes,
    // Stores deliver by phone and address; the family member's e-mail is not theirs to keep.
    email: '',
    meeting_point: snapshot.meetingPoint,
    ...presentPin(snapshot),
  };
}

/**
 * The pin the shopper set, for the store and the courier (issue 16): coordinates and a link that opens it in
 * the phone's maps app. A pick-up named only by its contact has none.
 */
export function presentPin(
  snapshot: Pick<BeneficiarySnapshot, 'latitude' | 'longitude'>,
): Pick<OrderBeneficiary, 'latitude' | 'longitude' | 'maps_link'> {
  const link = mapsLink(snapshot.latitude, snapshot.longitude);
  if (link === null) return { latitude: null, longitude: null, maps_link: null };
  return { latitude: Number(snapshot.latitude), longitude: Number(snapshot.longitude), maps_link: link };
}

/** Who collects a pick-up order, or null. */
export function presentPickupContact(group: {
  pickupName: string | null;
  pickupPhone: string | null;
}): { name: string; phone: string } | null {
  return group.pickupName !== null && group.pickupPhone !== null
    ? { name: group.pickupName, phone: group.pickupPhone }
    : null;
}

export function presentHistory(rows: readonly HistoryRow[]): StoreOrder['history'] {
  return rows.map((row) => ({
    from: row.fromStatus === null ? null : asStoreOrderStatus(row.fromStatus),
    to: asStoreOrderStatus(row.toStatus),
    reason: row.reason,
    at: row.createdAt.toISOString(),
  }));
}

function presentLines(rows: readonly OrderLineRow[]): StaffOrderLine[] {
  return rows.map((line) => ({
    id: line.id,
    product_id: line.productId,
    name: line.name,
    image: line.image,
    quantity: line.quantity,
    unit_price: line.unitPrice,
    currency: line.currency,
    total: line.totalUsd,
    discount: line.discount,
    substitution: asSubstitution(line.substitution),
    available_quantity: line.availableQuantity,
    substitute: line.substitute && {
      product_id: line.substitute.productId,
      name: line.substitute.name,
      image: line.substitute.image,
      quantity: line.substitute.quantity,
      unit_price: line.substitute.unitPriceUsd,
      total: line.substitute.totalUsd,
    },
  }));
}

/**
 * A store order as its store's staff or an operator sees it, with `next_statuses`: what this actor may
 * choose now, so a screen offers only the moves the table allows (the server checks again on each move).
 */
export function presentStaffStoreOrder(
  row: StaffStoreOrderRow,
  lines: readonly OrderLineRow[],
  history: readonly HistoryRow[],
  actor: TransitionActor,
  publicUrl: string,
): StaffStoreOrder {
  const status = asStoreOrderStatus(row.status);
  return {
    number: row.number,
    store: { id: row.storeId, name: row.storeName, address: row.storeAddress },
    status,
    status_label: STAFF_STORE_ORDER_STATUS_LABELS[status],
    window_text: storeOrderWindowText(row),
    subtotal: row.subtotal,
    discount: row.discount,
    shipping: row.shipping,
    credit: row.credit,
    total: row.total,
    lines: presentLines(lines),
    history: presentHistory(history),
    delivery: row.delivery === 'pickup' ? 'pickup' : 'standard',
    delivery_window: {
      from: row.deliveryFrom,
      to: row.deliveryTo,
      text:
        row.delivery === 'pickup'
          ? `Se retira ${pickupFromText({ from: row.deliveryFrom })}`
          : deliveryWindowText({ from: row.deliveryFrom, to: row.deliveryTo }),
    },
    window: presentWindow(row),
    gift_message: row.giftMessage,
    seen: row.seenAt !== null,
    group_number: row.groupNumber,
    payment_status: row.paymentStatus as PaymentStatus,
    created: row.createdAt.toISOString(),
    beneficiary: presentOrderBeneficiary(row.beneficiary),
    pickup_contact: presentPickupContact(row),
    substitution: asSubstitution(row.substitution),
    next_statuses: allowedNextStatuses(status, actor, row.paymentStatus as PaymentStatus),
    // Only a delivery has one (a pick-up never gets a token), from 'Listo para entregar' on.
    courier_url: row.courierToken === null ? null : courierUrl(publicUrl, row.courierToken),
  };
}

/** A store order's delivery window as every staff screen shows it (decision 065), or null without one. */
export function presentWindow(row: {
  windowStartsAt: Date | null;
  windowEndsAt: Date | null;
}): StaffStoreOrder['window'] {
  const text = storeOrderWindowText(row);
  if (text === null || row.windowStartsAt === null || row.windowEndsAt === null) return null;
  return { starts_at: row.windowStartsAt.toISOString(), ends_at: row.windowEndsAt.toISOString(), text };
}

/**
 * The table's next statuses for this actor, less those the order cannot take yet (approval before the
 * payment arrived). Edges that need a reason stay: the screen asks for one.
 */
function allowedNextStatuses(
  from: StoreOrderStatus,
  actor: TransitionActor,
  paymentStatus: PaymentStatus,
): StoreOrderStatus[] {
  return nextStatuses(from, actor).filter(
    (to) => transitionRefusal({ from, to, actor, reason: 'motivo', paymentStatus }) === null,
  );
}

/** Groups rows by their store order id, keeping their order. */
export function byStoreOrder<T extends { storeOrderId: number }>(rows: readonly T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.storeOrderId);
    if (list) list.push(row);
    else grouped.set(row.storeOrderId, [row]);
  }
  return grouped;
}
