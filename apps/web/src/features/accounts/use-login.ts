import type { LoginInput } from '@mandado/shared/account.schemas';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import { useMutation } from '@tanstack/react-query';
import { login } from './accounts.api.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';
import { notifyFailure, welcome } from './welcome.ts';

/** The staff app's code page, bringing the person back to the login's `next` (or where they are). */
function signInCodePath(location: Pick<Location, 'pathname' | 'search'>): string {
  const next = new URLSearchParams(location.search).get('next') ?? `${location.pathname}${location.search}`;
  return `${STAFF_PATHS.signInCode}?${new URLSearchParams({ next }).toString()}`;
}

/** Spec §4 Login: sends the credentials, then loads the user. */
export function useLogin() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({
    mutationFn: async (credentials: LoginInput) => {
      const response = await login(credentials);
      if (response.second_factor_required) {
        // Staff with a second factor (issue 27): the staff app asks for the code, then opens `next`. The
        // mutation stays pending while the page leaves.
        window.location.assign(signInCodePath(window.location));
        return new Promise<never>(() => {});
      }
      return completeSignIn(response);
    },
    onSuccess: (user) => welcome(user, 'login'),
    onError: notifyFailure,
  });
}
