import type {
  BankInstructions,
  LineSubstituteView,
  OrderGroup,
  PaymentMethod,
  RemitterStoreOrder,
  StoreOrderDelivery,
  Substitution,
} from '@mandado/shared/checkout.schemas';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import type { DeliveryType } from '@mandado/shared/order-pricing';
import { GROUP_REFUND_STATUS_LABELS, groupRefundStatus } from '@mandado/shared/order-refund-status';
import {
  type OrderGroupStatus,
  type PaymentStatus,
  STORE_ORDER_STATUS_LABELS,
  type StoreOrderStatus,
} from '@mandado/shared/order-status';
import type { Receipt } from '@mandado/shared/receipt.schemas';
import type { Refund } from '@mandado/shared/refund.schemas';
import { storeOrderWindowText } from '@mandado/shared/store-windows';
import type { LineSubstitute } from '../../db/schema/orders.ts';
import { proofPhotoPaths } from '../courier/courier.presenter.ts';
import type { DeliveryFacts } from '../courier/courier.service.ts';
import { presentPickupContact, presentPin } from '../order-status/order-status.presenter.ts';
import type { CheckoutSettings } from './checkout-settings.ts';
import type { LoadedOrderGroup } from './orders.repository.ts';
import { visibleDeliveryCode } from './tracking.presenter.ts';

const MANUAL_METHODS: ReadonlySet<string> = new Set(['bank_transfer', 'cash_deposit']);

export function isManualMethod(method: string): boolean {
  return MANUAL_METHODS.has(method);
}

/** Absolute link of the family member's tracking page. */
export function trackingUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/seguimiento/${token}`;
}

/**
 * What happened to a group after payment (issue 17), read beside `loadOrderGroup` by the refunds and courier
 * services: the group's refunds (each names its store order), the USD minor units given back, and each store
 * order's delivery facts (attempts, proof) by store order id. Answers written before any of that could
 * happen (placing, paying) use `NO_FULFILMENT`.
 */
export interface OrderFulfilment {
  refunds: readonly Refund[];
  refundedMinor: number;
  deliveryOf: ReadonlyMap<number, Pick<DeliveryFacts, 'attempts' | 'proof'>>;
  /** Issue 29, the owner's page only: each store order's receipt (null before delivery). */
  receiptOf?: ReadonlyMap<number, Receipt | null>;
  /** Issue 29, the owner's page only: show the delivery code so the remitter can pass it on. */
  showDeliveryCode?: boolean;
}

export const NO_FULFILMENT: OrderFulfilment = { refunds: [], refundedMinor: 0, deliveryOf: new Map() };

function presentSubstitute(substitute: LineSubstitute | null): LineSubstituteView | null {
  if (substitute === null) return null;
  return {
    name: substitute.name,
    image: substitute.image,
    quantity: substitute.quantity,
    unit_price: substitute.unitPriceUsd,
    currency: 'USD',
    total: substitute.totalUsd,
  };
}

/**
 * Attempts, then the proof once delivered: when, who received it, and the photo's address under the
 * remitter's own order (the courier module serves it, checking the reader) when there is one.
 */
function presentDelivery(
  groupNumber: string,
  storeOrderNumber: string,
  facts: Pick<DeliveryFacts, 'attempts' | 'proof'> | undefined,
): StoreOrderDelivery {
  const proof = facts?.proof ?? null;
  return {
    attempts: [...(facts?.attempts ?? [])],
    proof:
      proof === null
        ? null
        : {
            delivered_at: proof.deliveredAt.toISOString(),
            received_by: proof.receivedBy,
            photo_url: proof.hasPhoto ? proofPhotoPaths.remitter(groupNumber, storeOrderNumber) : null,
          },
  };
}

/** The bank block (spec §2) while a transfer or deposit is awaited, else null. */
function bankInstructions(
  group: LoadedOrderGroup['group'],
  settings: Pick<CheckoutSettings, 'bank' | 'supportEmail'>,
): BankInstructions | null {
  if (
    !isManualMethod(group.paymentMethod) ||
    group.status !== 'confirmed' ||
    group.paymentStatus !== 'pending'
  ) {
    return null;
  }
  return {
    bank_name: settings.bank.bankName,
    account_holder: settings.bank.accountHolder,
    account_number: settings.bank.accountNumber,
    routing_number: settings.bank.routingNumber,
    swift: settings.bank.swift,
    currency: 'USD',
    amount: group.total,
    reference: group.number,
    receipt_email: settings.supportEmail,
    expires_at: (group.expiresAt ?? group.createdAt).toISOString(),
  };
}

/** One checkout as the remitter sees it (`orderGroupSchema`): H2's list and staff views may reuse it. */
export function presentOrderGroup(
  loaded: LoadedOrderGroup,
  context: { publicUrl: string; settings: Pick<CheckoutSettings, 'bank' | 'supportEmail'> },
  fulfilment: OrderFulfilment = NO_FULFILMENT,
): OrderGroup {
  const { group } = loaded;
  const stores: RemitterStoreOrder[] = loaded.stores.map((store) => ({
    number: store.number,
    store: { id: store.storeId, name: store.storeName, address: store.storeAddress },
    status: store.status as StoreOrderStatus,
    status_label: STORE_ORDER_STATUS_LABELS[store.status as StoreOrderStatus],
    window_text: storeOrderWindowText(store),
    subtotal: store.subtotal,
    discount: store.discount,
    shipping: store.shipping,
    credit: store.credit,
    total: store.total,
    lines: loaded.lines
      .filter((line) => line.storeOrderId === store.id)
      .map((line) => ({
        product_id: line.productId,
        name: line.name,
        image: line.image,
        quantity: line.quantity,
        unit_price: line.unitPrice,
        currency: line.currency,
        total: line.totalUsd,
        discount: line.discount,
        substitution: line.substitution as Substitution,
        available_quantity: line.availableQuantity,
        substitute: presentSubstitute(line.substitute),
      })),
    // A row whose status stays the same is a staff note (a line change, a reopened courier link): the
    // remitter sees those changes in the lines, refunds and delivery blocks, not as a repeated status.
    history: loaded.history
      .filter((change) => change.storeOrderId === store.id && change.fromStatus !== change.toStatus)
      .map((change) => ({
        from: change.fromStatus as StoreOrderStatus | null,
        to: change.toStatus as StoreOrderStatus,
        reason: change.reason,
        at: change.createdAt.toISOString(),
      })),
    refunds: fulfilment.refunds.filter((refund) => refund.store_order_number === store.number),
    delivery: presentDelivery(group.number, store.number, fulfilment.deliveryOf.get(store.id)),
    delivery_code: fulfilment.showDeliveryCode
      ? visibleDeliveryCode(group.status, store.status as StoreOrderStatus, store.deliveryCode)
      : null,
    receipt: fulfilment.receiptOf?.get(store.id) ?? null,
  }));
  const refundStatus = groupRefundStatus(fulfilment.refundedMinor, parseMoney(group.total));
  const beneficiary = group.beneficiary;
  return {
    number: group.number,
    created: group.createdAt.toISOString(),
    status: group.status as OrderGroupStatus,
    payment_status: group.paymentStatus as PaymentStatus,
    payment_method: group.paymentMethod as PaymentMethod,
    payment_label: group.paymentLabel,
    delivery: group.delivery as DeliveryType,
    substitution: group.substitution as Substitution,
    delivery_window: { from: group.deliveryFrom, to: group.deliveryTo },
    beneficiary: {
      first_name: beneficiary.firstName,
      last_name: beneficiary.lastName,
      address_line1: beneficiary.addressLine1,
      city: {
        id: beneficiary.cityId,
        name: beneficiary.cityName,
        state: beneficiary.stateName,
        state_id: beneficiary.stateId,
      },
      mobile_number: beneficiary.mobile,
      phone_number: beneficiary.landline,
      residency: beneficiary.residency,
      delivery_notes: beneficiary.deliveryNotes,
      email: beneficiary.email,
      meeting_point: beneficiary.meetingPoint,
      ...presentPin(beneficiary),
    },
    pickup_contact: presentPickupContact(group),
    coupon: group.couponCode,
    subtotal: group.subtotal,
    discount: group.discount,
    shipping: group.shipping,
    credit: group.credit,
    total: group.total,
    currency: 'USD',
    // Issue 31: the currency the remitter saw and its rate when the order was priced (null before it was kept).
    display_currency: group.displayCurrency,
    display_rate: group.displayRate,
    stores,
    refunded: formatMinorAsDecimal(fulfilment.refundedMinor),
    refund_status: refundStatus,
    refund_status_label: GROUP_REFUND_STATUS_LABELS[refundStatus],
    instructions: bankInstructions(group, context.settings),
    tracking_url: trackingUrl(context.publicUrl, group.trackingToken),
    cancel_reason: group.cancelReason,
  };
}
