/**
 * The words and fixed choices of fulfilment (issue 17), one place for the API, the staff app, the shop and
 * the e-mails: the store inbox's tabs, why a store rejects, why a delivery failed.
 */
import type { StoreOrderStatus } from './order-status.ts';

/** The store inbox's tabs, in the order a day moves through them. */
export const INBOX_TABS = ['new', 'preparing', 'ready', 'on_the_way', 'delivered', 'problems'] as const;
export type InboxTab = (typeof INBOX_TABS)[number];

export const INBOX_TAB_LABELS: Record<InboxTab, string> = {
  new: 'Nuevos',
  preparing: 'En preparación',
  ready: 'Listos',
  on_the_way: 'En camino',
  delivered: 'Entregados',
  problems: 'Con problemas',
};

/**
 * Which statuses each tab lists. Orders waiting for a transfer (`pending`) are in none: a store sees an
 * order once it is paid. A rejected order shows under 'Con problemas' so the store can still look it up.
 */
export const INBOX_TAB_STATUSES: Record<InboxTab, readonly StoreOrderStatus[]> = {
  new: ['approved'],
  preparing: ['preparing_to_delivery'],
  ready: ['ready_to_delivery'],
  on_the_way: ['in_transit', 'delivery_attempt'],
  delivered: ['delivered', 'fulfilled'],
  problems: ['warning', 'rejected'],
};

/** The tab a status is listed under, or null when the store does not see it yet. */
export function inboxTabOf(status: StoreOrderStatus): InboxTab | null {
  for (const tab of INBOX_TABS) if (INBOX_TAB_STATUSES[tab].includes(status)) return tab;
  return null;
}

/** Why a store turns an order down (Shopify's and Deliveroo's reasons, in our words). */
export const REJECT_REASONS = ['out_of_stock', 'store_closed', 'unreachable_address', 'other'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];
export const REJECT_REASON_LABELS: Record<RejectReason, string> = {
  out_of_stock: 'Sin stock',
  store_closed: 'Tienda cerrada',
  unreachable_address: 'No llegamos a esa dirección',
  other: 'Otro',
};

/** Why a courier could not hand an order over (Onfleet's failure notes, fixed so they can be counted). */
export const ATTEMPT_REASONS = [
  'nobody_home',
  'wrong_address',
  'refused',
  'meeting_point_missed',
  'other',
] as const;
export type AttemptReason = (typeof ATTEMPT_REASONS)[number];
export const ATTEMPT_REASON_LABELS: Record<AttemptReason, string> = {
  nobody_home: 'Nadie en casa',
  wrong_address: 'Dirección incorrecta',
  refused: 'Rechazado',
  meeting_point_missed: 'No llegó al punto de encuentro',
  other: 'Otro',
};

/** Failed attempts after which the order goes to operators ('Con problemas'). */
export const MAX_DELIVERY_ATTEMPTS = 2;
/** Wrong delivery codes after which the courier link locks until an operator reopens it. */
export const MAX_CODE_FAILURES = 5;
/** The courier link works until this long after delivery. */
export const COURIER_LINK_DAYS_AFTER_DELIVERY = 7;

/** Where a refund's money goes (decision 040). */
export const REFUND_DESTINATIONS = ['original_payment', 'wallet', 'bank'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];
export const REFUND_DESTINATION_LABELS: Record<RefundDestination, string> = {
  original_payment: 'Al medio de pago original',
  wallet: 'Como crédito en tu cuenta',
  bank: 'Por transferencia bancaria',
};

export const REFUND_REASONS = [
  'store_rejected',
  'line_unavailable',
  'cheaper_substitute',
  'operator',
  'receipt_claim',
  'customer_return',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  store_rejected: 'La tienda rechazó el pedido',
  line_unavailable: 'Producto no disponible',
  cheaper_substitute: 'Reemplazo más barato',
  operator: 'Devolución de Mandado',
  receipt_claim: 'Faltó en la entrega',
  // Issue 32 (decision 076): the goods came back within the withdrawal period.
  customer_return: 'Devolución de productos',
};

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'En proceso',
  succeeded: 'Reembolsado',
  failed: 'Con problemas',
};
