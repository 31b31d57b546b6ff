import {
  ADMIN_ORDER_FILTER_KEYS,
  type AdminOrderLine,
  type AdminStoreOrder,
} from '@mandado/shared/admin-orders.schemas';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@mandado/shared/checkout.schemas';
import type { RefundDestination } from '@mandado/shared/fulfilment';
import { linePaidMinor, unitsRefundMinor } from '@mandado/shared/line-refunds';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import {
  PAYMENT_STATUSES,
  STORE_ORDER_STATUS_LABELS,
  STORE_ORDER_STATUSES,
  STORE_ORDER_TRANSITIONS,
  type StoreOrderStatus,
} from '@mandado/shared/order-status';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';

/** The list's filters as the URL carries them: only the keys the API knows, empty ones left out. */
export type OrderFilterKey = (typeof ADMIN_ORDER_FILTER_KEYS)[number];
export type OrderFilters = Partial<Record<OrderFilterKey, string>>;

export function orderFiltersFrom(params: URLSearchParams): OrderFilters {
  const filters: OrderFilters = {};
  for (const key of ADMIN_ORDER_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

export function orderFiltersQuery(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ADMIN_ORDER_FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params;
}

/** The operators' words for the payment filter ('Pendiente', not the shopper's 'Pago pendiente'). */
export const PAYMENT_FILTER_OPTIONS = PAYMENT_STATUSES.map((status) => ({
  value: status,
  label: { pending: 'Pendiente', paid: 'Pagado', refunded: 'Reembolsado' }[status],
}));

export const METHOD_FILTER_OPTIONS = PAYMENT_METHODS.map((method) => ({
  value: method,
  label: PAYMENT_METHOD_LABELS[method],
}));

export const STATUS_FILTER_OPTIONS = STORE_ORDER_STATUSES.map((status) => ({
  value: status,
  label: STORE_ORDER_STATUS_LABELS[status],
}));

/** A move an operator must explain: the table asks for a reason, or it skips the delivery code. */
export function moveNeedsReason(from: StoreOrderStatus, to: StoreOrderStatus): boolean {
  const edge = STORE_ORDER_TRANSITIONS[from].find((candidate) => candidate.to === to);
  return Boolean(edge?.needsReason || edge?.needsCode);
}

/** What is still refundable of a store order, USD minor units (its total less refunds decided). */
export function storeOrderLeftMinor(store: AdminStoreOrder): number {
  return Math.max(0, parseMoney(store.total) - parseMoney(store.refunded));
}

/** What is still refundable of a line, USD minor units: the API's figure (its own cap and its store order's). */
export function lineLeftMinor(line: AdminOrderLine): number {
  return parseMoney(line.refundable);
}

/**
 * What refunding `units` more units of the line gives back (the API works it out the same way, with the
 * shared rule of decision 050), capped by what is left of the line and of its store order.
 */
export function lineUnitsRefundMinor(line: AdminOrderLine, units: number): number {
  const state = {
    paidMinor: linePaidMinor(parseMoney(line.total), parseMoney(line.discount)),
    quantity: line.quantity,
    refundedMinor: parseMoney(line.refunded),
    refundedUnits: line.refunded_units,
  };
  return Math.min(unitsRefundMinor(state, units), lineLeftMinor(line));
}

export function decimalOf(minor: number): string {
  return formatMinorAsDecimal(minor);
}

/** The operator's words for where the money goes (the shared labels speak to the remitter). */
const DESTINATION_LABELS: Record<RefundDestination, string> = {
  original_payment: 'A la tarjeta o PayPal',
  wallet: 'Como crédito en su cuenta',
  bank: 'Por transferencia bancaria',
};

/** Where money paid this way may go back (the API refuses the others). */
export function refundDestinations(
  paymentMethod: string,
): Array<{ value: RefundDestination; label: string }> {
  const allowed: RefundDestination[] =
    paymentMethod === 'card' || paymentMethod === 'paypal'
      ? ['original_payment', 'wallet']
      : ['wallet', 'bank'];
  return allowed.map((value) => ({ value, label: DESTINATION_LABELS[value] }));
}

/** "USD 12,50" typed by a person → "12.50", or null when it is not an amount. */
export function parseAmountInput(text: string): string | null {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  const minor = Math.round(Number(cleaned) * 100);
  return minor > 0 ? formatMinorAsDecimal(minor) : null;
}

/** The order's page in the back office. */
export function orderPath(number: string): string {
  return STAFF_PATHS.adminOrder.replace(':number', encodeURIComponent(number));
}
