import type { CheckoutConflict } from '@mandado/shared/checkout.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { failureMessage } from '@mandado/web-kit/failure-text.ts';
import { useAppStore } from '../../state/app-store.ts';

/** The cart the server holds now: a refused write makes the cart machine take the server's cart (decision 010). */
export function refreshCartFromServer(): void {
  // The machine's 'reconcile' load is what a refused cart write starts: the server's cart replaces the screen's.
  useAppStore.getState().cartDispatch({ type: 'server-write-failed', effect: { type: 'load' }, status: 409 });
}

/** Spec §8: 'Algo salió mal' with the server's text, or the connection text when nothing answered. */
export function notifyFailure(error: unknown): void {
  const message = failureMessage(error);
  useAppStore
    .getState()
    .notify({ kind: 'error', title: MESSAGES.serverError, ...(message ? { message } : {}) });
}

export function isConflict(body: unknown): body is CheckoutConflict {
  return typeof body === 'object' && body !== null && Array.isArray((body as { changes?: unknown }).changes);
}
