import type { Registration } from '@mandado/shared/account.schemas';
import { useMutation } from '@tanstack/react-query';
import { removeItem, STORAGE_KEYS } from '../../lib/storage.ts';
import { register } from './accounts.api.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';
import { notifyFailure, welcome } from './welcome.ts';

/** Spec §4 Registration: creates the remitter, who is then logged in like after a login. */
export function useRegister() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({
    mutationFn: async (registration: Registration) => completeSignIn(await register(registration)),
    onSuccess: (user) => {
      // The invitation has done its job.
      removeItem(STORAGE_KEYS.referrer);
      welcome(user, 'register');
    },
    onError: notifyFailure,
  });
}
