import { RETURN_STATUS_TEXTS, RETURN_STATUSES, type ReturnStatus } from '@mandado/shared/return-status';
import type { StatusTone } from '@mandado/web-kit/orders/order-timeline.ts';

/** The chip's colour (the text always says the status too). */
export function returnStatusTone(status: ReturnStatus): StatusTone {
  switch (status) {
    case 'received':
      return 'success';
    case 'refused':
    case 'cancelled':
      return 'danger';
    case 'requested':
      return 'warn';
    default:
      return 'progress';
  }
}

/** The status filter's options, in the order a return moves. */
export const RETURN_STATUS_OPTIONS = RETURN_STATUSES.map((status) => ({
  value: status,
  label: RETURN_STATUS_TEXTS[status],
}));

export function isReturnStatus(value: string | null): value is ReturnStatus {
  return value !== null && (RETURN_STATUSES as readonly string[]).includes(value);
}

/** What the store sends its courier by WhatsApp: the store, the order and the reverse pickup's link. */
export function courierReturnShareText(storeName: string, storeOrderNumber: string, link: string): string {
  return `Hola, hay una devolución de ${storeName} para retirar (${storeOrderNumber}). Aquí tienes la dirección, los productos y dónde cargar el código: ${link}`;
}

export function courierReturnWhatsAppUrl(storeName: string, storeOrderNumber: string, link: string): string {
  return `https://wa.me/?text=${encodeURIComponent(courierReturnShareText(storeName, storeOrderNumber, link))}`;
}
