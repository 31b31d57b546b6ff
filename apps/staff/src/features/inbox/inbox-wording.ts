import type { Substitution } from '@mandado/shared/checkout.schemas';
import { REJECT_REASON_LABELS, type RejectReason } from '@mandado/shared/fulfilment';
import { nextStatuses, type StoreOrderStatus } from '@mandado/shared/order-status';

/**
 * The store inbox's words and choices as plain functions (issue 17), so the page only renders them and the
 * rules are unit-tested: the tab title that counts unseen orders, the reason a rejection sends, the moves a
 * card offers, the courier's WhatsApp text.
 */

const TITLE = 'Pedidos · Mandado';

/** '(2) Pedidos · Mandado' while two orders are unopened: the count shows on a tab in the background. */
export function inboxDocumentTitle(unseen: number): string {
  return unseen > 0 ? `(${unseen}) ${TITLE}` : TITLE;
}

/** The reason text the status change sends: the label, or 'Otro: <note>' (the note is required then). */
export function rejectReasonText(reason: RejectReason, note: string): string {
  const trimmed = note.trim().replace(/\s+/g, ' ');
  return reason === 'other' ? `${REJECT_REASON_LABELS.other}: ${trimmed}` : REJECT_REASON_LABELS[reason];
}

/** What the beneficiary chose for a missing product, as the store reads it on the line. */
export const SUBSTITUTION_STORE_TEXT: Record<Substitution, string> = {
  similar: 'Si falta: reemplazar por uno similar',
  call: 'Si falta: llamar antes',
  refund: 'Si falta: no reemplazar (reembolso)',
};

export type StoreMoveKind = 'accept' | 'reject' | 'ready' | 'counter';

export interface StoreMove {
  kind: StoreMoveKind;
  label: string;
  /** The status the move asks for (the counter hand-over goes through its own call, to `delivered`). */
  to: StoreOrderStatus;
}

/**
 * The buttons a card shows: only the moves the transition table lets this member take (`next_statuses`, from
 * the server), and of those the ones a store makes from its inbox. The courier's own moves (picked up,
 * attempt) stay on the courier's page; a delivery order's hand-over is the courier link, not a button.
 */
export function storeMoves(
  order: { status: StoreOrderStatus; next_statuses: readonly StoreOrderStatus[] },
  pickup: boolean,
): StoreMove[] {
  const allowed = new Set(order.next_statuses);
  const moves: StoreMove[] = [];
  if (order.status === 'approved' && allowed.has('preparing_to_delivery')) {
    moves.push({ kind: 'accept', label: 'Aceptar', to: 'preparing_to_delivery' });
  }
  if (order.status === 'preparing_to_delivery' && allowed.has('ready_to_delivery')) {
    moves.push({
      kind: 'ready',
      label: pickup ? 'Listo para retirar' : 'Listo para entregar',
      to: 'ready_to_delivery',
    });
  }
  // The hand-over needs the delivery code, so it is no plain move in `next_statuses`: the table says whether
  // a store may take it with the code (the counter form asks for it).
  if (
    pickup &&
    order.status === 'ready_to_delivery' &&
    (allowed.has('delivered') ||
      nextStatuses(order.status, 'merchant', { withCode: true }).includes('delivered'))
  ) {
    moves.push({ kind: 'counter', label: 'Entregar en el mostrador', to: 'delivered' });
  }
  if ((order.status === 'approved' || order.status === 'preparing_to_delivery') && allowed.has('rejected')) {
    moves.push({ kind: 'reject', label: 'Rechazar', to: 'rejected' });
  }
  return moves;
}

/**
 * The prefilled WhatsApp text that hands a store order to a courier, with its delivery window when it has one
 * (decision 065: 'mar 1/12, 9:00 a 13:00').
 */
export function courierShareText(
  storeName: string,
  orderNumber: string,
  courierUrl: string,
  windowText: string | null = null,
): string {
  const when = windowText ? `, ${windowText}` : '';
  return `Hola, hay un pedido de ${storeName} para entregar (${orderNumber}${when}). Aquí tienes la dirección y los pasos: ${courierUrl}`;
}

/** `https://wa.me/?text=…` without a number: WhatsApp asks which courier to send it to. */
export function courierWhatsAppUrl(
  storeName: string,
  orderNumber: string,
  courierUrl: string,
  windowText: string | null = null,
): string {
  return `https://wa.me/?text=${encodeURIComponent(courierShareText(storeName, orderNumber, courierUrl, windowText))}`;
}

/** How many of a line can still be sent when some are missing: 0 … quantity − 1. */
export function availableQuantityChoices(quantity: number): number[] {
  return Array.from({ length: Math.max(0, quantity) }, (_, index) => index);
}

/** What a store may do about the missing units, by the beneficiary's choice at checkout. */
export function unavailableOutcomes(preference: Substitution): Array<'substitute' | 'refund'> {
  return preference === 'refund' ? ['refund'] : ['substitute', 'refund'];
}

export function unitsText(quantity: number): string {
  return quantity === 1 ? '1 unidad' : `${quantity} unidades`;
}
