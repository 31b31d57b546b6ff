import { lastMinuteBeforeText, MONTEVIDEO_TIME_NOTE } from '@mandado/shared/date-text';
import type { ReturnStatus } from '@mandado/shared/return-status';
import type { StatusTone } from '@mandado/web-kit/orders/order-timeline.ts';

/**
 * 'Puedes pedir la devolución hasta el lunes 7/12 a las 23:59 (hora de Montevideo).' The API sends the end of
 * the period (the next local midnight after the fifth business day, Ley 17.250 art. 16); the shop never counts
 * business days itself.
 */
export function returnDeadlineText(deadlineIso: string): string {
  return `Puedes pedir la devolución hasta el ${lastMinuteBeforeText(deadlineIso)} (${MONTEVIDEO_TIME_NOTE}).`;
}

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

/** The units a quantity box offers for one line: 0 (not this one) up to what can still be returned. */
export function quantityChoices(returnableQuantity: number): number[] {
  return Array.from({ length: Math.max(0, returnableQuantity) + 1 }, (_, index) => index);
}

/** Why a line cannot be chosen, when it cannot: the server's reason, or every unit already asked for. */
export function lineBlockedReason(line: {
  returnable: boolean;
  returnableQuantity: number;
  notReturnableReason: string | null;
}): string | null {
  if (!line.returnable) return line.notReturnableReason ?? 'Este producto no admite devolución.';
  if (line.returnableQuantity <= 0)
    return line.notReturnableReason ?? 'Ya pediste devolver todas las unidades de este producto.';
  return null;
}
