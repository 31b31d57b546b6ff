import type { PasswordResetConfirm } from '@mandado/shared/account.schemas';
import { useMutation } from '@tanstack/react-query';
import { confirmPasswordReset, requestPasswordReset } from './accounts.api.ts';

/** Asks for the reset link; the answer's `detail` is the same whether the account exists or not. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(email) });
}

/** Sets the new password with the token from the e-mailed link. */
export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: (confirm: PasswordResetConfirm) => confirmPasswordReset(confirm) });
}
