import type { LoginInput } from '@mandado/shared/account.schemas';
import { useMutation } from '@tanstack/react-query';
import { login } from './accounts.api.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';
import { notifyFailure, welcome } from './welcome.ts';

/** Spec §4 Login: sends the credentials, then loads the user. */
export function useLogin() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({
    mutationFn: async (credentials: LoginInput) => completeSignIn(await login(credentials)),
    onSuccess: (user) => welcome(user, 'login'),
    onError: notifyFailure,
  });
}
