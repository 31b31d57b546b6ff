import type { User } from '@mandado/shared/account.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { failureText } from '../../components/form/api-form-errors.ts';
import { track } from '../../lib/analytics.ts';
import { useAppStore } from '../../state/app-store.ts';

/** Spec §4 On success: the panel closes, a welcome notification shows and the login event is pushed. */
export function welcome(user: User, how: 'login' | 'register'): void {
  const { setAuthPanel, notify } = useAppStore.getState();
  setAuthPanel(null);
  notify({ kind: 'success', title: `¡Hola, ${user.first_name}!`, message: 'Bienvenido a Mandado' });
  track('login', { method: how, user_account_id: user.user_account_id });
}

/** Spec §8: a failed login or registration says 'Oops Algo salio mal' with the server's text. */
export function notifyFailure(error: unknown): void {
  const message = failureText(error);
  useAppStore
    .getState()
    .notify({ kind: 'error', title: MESSAGES.serverError, ...(message === undefined ? {} : { message }) });
}
