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
import type { Refund } from '@mandado/shared/refund.schemas';
import { rateTextOf } from '@mandado/shared/refund-display';
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

/**
 * A refund in the order page's money (issue 31): when the page is in the currency the order was paid in and
 * the refund kept its figure there, that figure ('$U 238,00', exactly what the line cost) with the dollars
 * it moved and the rate of the payment ('1 US$ = 40,15 $U'); otherwise as any dollar amount (usdFigure).
 */
export function refundFigure(
  refund: Pick<Refund, 'amount' | 'display_amount' | 'display_currency' | 'display_rate'>,
  figures: Pick<OrderFigures, 'converted'>,
  display: DisplayCurrency,
): { minor: number; currency: TextCurrency; dollars: number | null; rateText: string | null } {
  if (figures.converted && refund.display_amount !== null && refund.display_currency === display.code) {
    return {
      minor: parseMoney(refund.display_amount),
      currency: display,
      dollars: parseMoney(refund.amount),
      rateText: refund.display_rate === null ? null : rateTextOf(display, refund.display_rate),
    };
  }
  return { ...usdFigure(refund.amount, figures, display), rateText: null };
}

/**
 * What the order gave back in the page's money (issue 31): the sum of its refunds' own figures when each kept
 * one in the page's currency (so it agrees with the refunds listed below it), else the dollars converted.
 */
export function refundedFigure(
  order: { refunded: string; stores: ReadonlyArray<{ refunds: readonly Refund[] }> },
  figures: Pick<OrderFigures, 'converted'>,
  display: DisplayCurrency,
): { minor: number; currency: TextCurrency; dollars: number | null } {
  const counted = order.stores
    .flatMap((store) => store.refunds)
    .filter((refund) => refund.status !== 'failed');
  const own = counted.every(
    (refund) => refund.display_amount !== null && refund.display_currency === display.code,
  );
  const dollars = counted.reduce((sum, refund) => sum + parseMoney(refund.amount), 0);
  if (!figures.converted || !own || counted.length === 0 || dollars !== parseMoney(order.refunded)) {
    return usdFigure(order.refunded, figures, display);
  }
  const minor = counted.reduce((sum, refund) => sum + parseMoney(refund.display_amount ?? '0'), 0);
  return { minor, currency: display, dollars };
}

/** What the beneficiary does with the delivery code: tell the courier, or show it at the store's counter. */
export function deliveryCodeHint(delivery: DeliveryType): string {
  return delivery === 'pickup'
    ? 'muéstralo en la tienda al retirar el pedido'
    : 'dáselo a quien te entregue el pedido';
}
