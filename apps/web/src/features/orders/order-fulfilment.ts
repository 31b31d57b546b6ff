import { compactDateTimeText, dayAndTimeText } from '@mandado/shared/date-text';
import type { DeliveryProof } from '@mandado/shared/delivery.schemas';
import { parseMoney } from '@mandado/shared/money';
import { shownIn, type TextCurrency, USD } from '@mandado/shared/money-text';
import type { DeliveryType } from '@mandado/shared/order-pricing';
import type { GroupRefundStatus } from '@mandado/shared/order-refund-status';
import {
  type OrderGroupStatus,
  PAYMENT_STATUS_LABELS,
  type PaymentStatus,
} from '@mandado/shared/order-status';
import type { DisplayCurrency } from '@mandado/web-kit/display-money.ts';
import type { OrderFigures } from '@mandado/web-kit/orders/order-figures.ts';
import { paymentStatusTone, type StatusTone } from '@mandado/web-kit/orders/order-timeline.ts';

/**
 * The words of what happened after payment (issue 17), for 'Mis Compras' and the tracking page: the handover,
 * failed attempts, lines the store could not supply as ordered, refunds and the payment chip.
 */

/** "Entregado el 25 de noviembre a las 15:40 · Recibió: Ana" (Montevideo time). */
export function deliveredText(proof: Pick<DeliveryProof, 'delivered_at' | 'received_by'>): string {
  const who = proof.received_by.trim();
  return `Entregado el ${dayAndTimeText(proof.delivered_at)}${who ? ` · Recibió: ${who}` : ''}`;
}

/** "Intento de entrega · Nadie en casa · 25/11 14:10" (Montevideo time). */
export function attemptText(attempt: { reason_label: string; at: string }): string {
  return `Intento de entrega · ${attempt.reason_label} · ${compactDateTimeText(attempt.at)}`;
}

/** A line as the store prepared it: how many it had, and the product it gave instead (by name). */
export interface LineChange {
  quantity: number;
  available_quantity: number | null;
  substitute: { name: string } | null;
}

/**
 * What changed on a line, or null when it goes as ordered: 'No disponible', '3 de 5', 'Reemplazado por X',
 * or '3 de 5 · el resto, reemplazado por X'.
 */
export function lineChangeText(line: LineChange): string | null {
  const available = line.available_quantity;
  if (available === null) return null;
  const partly = available > 0 ? `${available} de ${line.quantity}` : null;
  if (line.substitute) {
    return partly
      ? `${partly} · el resto, reemplazado por ${line.substitute.name}`
      : `Reemplazado por ${line.substitute.name}`;
  }
  return partly ?? 'No disponible';
}

/**
 * The payment chip of an order: 'Reembolsado en parte' / 'Reembolsado' once money came back (from the API's
 * label), else the payment status as before.
 */
export function paymentChip(order: {
  status: OrderGroupStatus;
  payment_status: PaymentStatus;
  refund_status?: GroupRefundStatus;
  refund_status_label?: string;
}): { label: string; tone: StatusTone } {
  if (order.refund_status && order.refund_status !== 'none' && order.refund_status_label) {
    // Nothing for the remitter to do: the grey of a settled payment, not the yellow of one awaited.
    return { label: order.refund_status_label, tone: 'neutral' };
  }
  return {
    label: PAYMENT_STATUS_LABELS[order.payment_status],
    tone: paymentStatusTone(order.payment_status, order.status),
  };
}

/**
 * A USD amount (a refund, a substitute's price) in the order page's money: the display currency when the
 * page's figures are converted, with the exact dollars to quote beside it; dollars otherwise.
 */
export function usdFigure(
  amount: string,
  figures: Pick<OrderFigures, 'converted'>,
  display: DisplayCurrency,
): { minor: number; currency: TextCurrency; dollars: number | null } {
  const dollars = parseMoney(amount);
  if (!figures.converted) return { minor: dollars, currency: USD, dollars: null };
  const shown = shownIn(dollars, 'USD', display, display.rates);
  return shown === null
    ? { minor: dollars, currency: USD, dollars: null }
    : { minor: shown, currency: display, dollars };
}

/** What the beneficiary does with the delivery code: tell the courier, or show it at the store's counter. */
export function deliveryCodeHint(delivery: DeliveryType): string {
  return delivery === 'pickup'
    ? 'muéstralo en la tienda al retirar el pedido'
    : 'dáselo a quien te entregue el pedido';
}
