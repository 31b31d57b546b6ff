import type { LoginResponse, User } from '@mandado/shared/account.schemas';
import { ApiError, setCsrfToken } from '@mandado/web-kit/api-client.ts';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { STORAGE_KEYS, writeJson } from '../../lib/storage.ts';

/**
 * Spec §4 Authenticate, after a login or a registration: the session's CSRF token from the answer, then
 * who-am-I (with the settings) loaded afresh, so everything that watches it sees the user (the cart loads the
 * server cart from there), and the user saved to storage.
 */
export function useCompleteSignIn(): (response: LoginResponse) => Promise<User> {
  const queryClient = useQueryClient();
  return useCallback(
    async (response: LoginResponse) => {
      setCsrfToken(response.csrf_token);
      const body = await queryClient.fetchQuery({ ...whoamiQueryOptions(), staleTime: 0 });
      // The cookie did not stick (blocked cookies): say so instead of pretending the user is in.
      if (!body.whoami) throw new ApiError(401, { detail: COOKIES_BLOCKED });
      writeJson(STORAGE_KEYS.user, body.whoami);
      return body.whoami;
    },
    [queryClient],
  );
}

const COOKIES_BLOCKED =
  'No pudimos mantener tu sesión. Activa las cookies de este sitio en tu navegador e intenta de nuevo.';
