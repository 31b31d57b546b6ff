import type { DeliveryType } from '@mandado/shared/order-pricing';
import {
  ORDER_GROUP_STATUS_LABELS,
  type OrderGroupStatus,
  type PaymentStatus,
  type StoreOrderStatus,
} from '@mandado/shared/order-status';
import type { StatusTone } from '@mandado/web-kit/orders/order-timeline.ts';

/**
 * The words of the order pages that depend on where the order stands. A transfer or cash deposit is
 * `confirmed` with its payment `pending` until the money arrives: "Confirmado" beside "Pago pendiente" read as
 * if it were settled, so the pages say what the remitter has to do instead.
 */

/** Confirmed and still unpaid: only a transfer or cash deposit (a card order is confirmed once paid). */
export function awaitsManualPayment(order: {
  status: OrderGroupStatus;
  payment_status: PaymentStatus;
}): boolean {
  return order.status === 'confirmed' && order.payment_status === 'pending';
}

export const AWAITING_YOUR_PAYMENT = 'Esperando tu pago';

/** The one chip that says where the checkout stands. */
export function orderStateBadge(order: { status: OrderGroupStatus; payment_status: PaymentStatus }): {
  label: string;
  tone: StatusTone;
} {
  if (awaitsManualPayment(order)) return { label: AWAITING_YOUR_PAYMENT, tone: 'warn' };
  if (order.status === 'cancelled') return { label: ORDER_GROUP_STATUS_LABELS.cancelled, tone: 'danger' };
  if (order.status === 'awaiting_payment')
    return { label: ORDER_GROUP_STATUS_LABELS.awaiting_payment, tone: 'warn' };
  return { label: ORDER_GROUP_STATUS_LABELS.confirmed, tone: 'progress' };
}

/** The label of the order's total: nothing is charged yet while a payment is owed. */
export function totalLabel(order: { status: OrderGroupStatus; payment_status: PaymentStatus }): string {
  if (order.payment_status === 'paid') return 'Total pagado';
  if (order.payment_status === 'refunded' || order.status === 'cancelled') return 'Total';
  return 'Total a pagar';
}

/**
 * What comes next for one store order, in plain Spanish, for the remitter and the family member alike
 * (no prices, no payment details). Null once nothing more will happen.
 */
export function nextStepText(status: StoreOrderStatus, delivery: DeliveryType): string | null {
  const pickup = delivery === 'pickup';
  switch (status) {
    case 'pending':
      return 'La tienda aprueba el pedido en cuanto se confirma el pago.';
    case 'warning':
      return 'La tienda está revisando un problema con el pedido; si hace falta, te escribimos.';
    case 'approved':
      return 'La tienda prepara los productos.';
    case 'preparing_to_delivery':
      return pickup
        ? 'Cuando esté listo, lo verás aquí como «Listo para entregar» y podrás retirarlo.'
        : 'Cuando esté listo, sale con el repartidor.';
    case 'ready_to_delivery':
      return pickup ? 'Ya se puede retirar en la tienda.' : 'El repartidor lo lleva a la casa.';
    case 'in_transit':
      return 'El repartidor va en camino; al entregarlo pide el código de entrega.';
    case 'delivery_attempt':
      return 'El repartidor vuelve a intentar la entrega o llama para coordinarla.';
    case 'delivered':
    case 'fulfilled':
    case 'rejected':
      return null;
  }
}

/**
 * When it arrives. Pick-up has no delivery days; an unpaid transfer counts its working days from the payment,
 * not from the day it was placed (it may be paid days later).
 */
export function deliveryTimingText(input: {
  delivery: DeliveryType;
  awaitingPayment: boolean;
  windowText: string;
}): string {
  if (input.delivery === 'pickup') {
    return input.awaitingPayment
      ? 'Se puede retirar en cada tienda cuando recibamos tu pago y la tienda lo marque «Listo para entregar».'
      : 'Se retira en cada tienda cuando la tienda lo marque «Listo para entregar».';
  }
  return input.awaitingPayment
    ? 'Llega entre 24 y 48 horas hábiles (lunes a viernes) después de que recibamos tu pago.'
    : `${input.windowText}.`;
}
