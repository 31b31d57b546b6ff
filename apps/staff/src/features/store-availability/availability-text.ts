import { dayAndTimeText, MONTEVIDEO_TIME_NOTE } from '@mandado/shared/date-text';
import type { MerchantAvailability } from '@mandado/shared/store-availability.schemas';

/**
 * The state at the top of 'Tu tienda', in the shopper's words: the owner reads the very badge and reason the
 * shop shows ('Pausada', 'Cerrada hasta …'), so what they see is what their customers see.
 */
export function availabilityStateText(
  availability: Pick<MerchantAvailability, 'state' | 'badge' | 'reason'>,
): { title: string; text: string } {
  if (availability.state === 'open' || !availability.badge) {
    return { title: 'Recibiendo pedidos', text: 'Los clientes pueden agregar tus productos y comprar.' };
  }
  return { title: availability.badge, text: availability.reason ?? '' };
}

/** The confirmation after 'Pausar ahora'. */
export function pausedToastText(until: string): string {
  return `Vuelves a recibir pedidos el ${dayAndTimeText(until)} (${MONTEVIDEO_TIME_NOTE}).`;
}

/** Beside each pause choice: when it ends. */
export function pauseChoiceHint(until: string): string {
  return `hasta el ${dayAndTimeText(until)}`;
}

/** The closure that is saved, in one line above its boxes. */
export function closureSummaryText(closure: NonNullable<MerchantAvailability['closure']>): string {
  const note = closure.note.trim() ? ` Nota: «${closure.note.trim()}».` : '';
  return `Del ${dayAndTimeText(closure.from)} al ${dayAndTimeText(closure.to)} (${MONTEVIDEO_TIME_NOTE}).${note}`;
}
