import type { User } from '@mandado/shared/account.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { track } from '../../lib/analytics.ts';
import { useAppStore } from '../../state/app-store.ts';

/**
 * Spec §4 On success: the panel closes and the login event is pushed. The welcome notification greets a new
 * account only: shown on every login it is noise to a returning shopper (issue 16, decision 033).
 */
export function welcome(user: User, how: 'login' | 'register'): void {
  const { setAuthPanel, notify } = useAppStore.getState();
  setAuthPanel(null);
  if (how === 'register') {
    notify({ kind: 'success', title: `¡Hola, ${user.first_name}!`, message: 'Bienvenido a Mandado' });
  }
  track('login', { method: how, user_account_id: user.user_account_id });
}

/** Spec §8: a failed login or registration says 'Algo salió mal' with the server's text. */
export function notifyFailure(error: unknown): void {
  const message = failureText(error);
  useAppStore
    .getState()
    .notify({ kind: 'error', title: MESSAGES.serverError, ...(message === undefined ? {} : { message }) });
}
