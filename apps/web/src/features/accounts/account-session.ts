import type { User } from '@mandado/shared/account.schemas';
import { setCsrfToken } from '@mandado/web-kit/api-client.ts';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import type { QueryClient } from '@tanstack/react-query';
import { removeItem, STORAGE_KEYS, writeJson } from '../../lib/storage.ts';

/**
 * Puts the user into the who-am-I answer (which the menu, the cart and the account pages watch) and into
 * storage under `user` (spec §3). It is the user object only: the session itself is an HttpOnly cookie.
 */
export function rememberUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData(whoamiQueryOptions().queryKey, (body) =>
    body ? { ...body, whoami: user } : body,
  );
  writeJson(STORAGE_KEYS.user, user);
}

/**
 * Spec §4 Logout, the local half: the session's CSRF token is gone, storage forgets cart, user and referrer,
 * and who-am-I says "visitor" so everything that watches it (menu, cart, account pages) follows.
 */
export function forgetSession(queryClient: QueryClient): void {
  setCsrfToken(null);
  removeItem(STORAGE_KEYS.cart);
  removeItem(STORAGE_KEYS.user);
  removeItem(STORAGE_KEYS.referrer);
  queryClient.setQueryData(whoamiQueryOptions().queryKey, (body) =>
    body ? { ...body, whoami: null } : body,
  );
}
