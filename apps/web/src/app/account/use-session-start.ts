import { setCsrfToken } from '@mandado/web-kit/api-client.ts';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fetchCsrfToken } from '../../features/accounts/accounts.api.ts';
import { track } from '../../lib/analytics.ts';
import { removeItem, STORAGE_KEYS, writeJson } from '../../lib/storage.ts';

/**
 * Spec §4 App start step 3, once who-am-I has answered: with a user, fetch the session's CSRF token, store the
 * user and push the user-init event (the cart watches who-am-I and syncs itself). Without one, the user and the
 * cart left in storage by an expired session are forgotten (spec §4 Logout removes both).
 */
export function useSessionStart(): void {
  const whoami = useQuery(whoamiQueryOptions());
  const done = useRef(false);
  const user = whoami.data?.whoami;

  useEffect(() => {
    if (done.current || !whoami.isSuccess) return;
    done.current = true;
    if (!user) {
      removeItem(STORAGE_KEYS.user);
      removeItem(STORAGE_KEYS.cart);
      return;
    }
    writeJson(STORAGE_KEYS.user, user);
    track('user_init', { user_account_id: user.user_account_id });
    fetchCsrfToken().then(
      ({ csrf_token }) => setCsrfToken(csrf_token),
      // The API client fetches the token itself before the first change if this failed.
      () => undefined,
    );
  }, [whoami.isSuccess, user]);
}
