import type { Whoami } from '@mandado/shared/account.schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client.ts';

/**
 * Who-am-I: the session's user (null for a visitor) and the public settings (spec §7). Several features read
 * it (settings, accounts, cart), so its one query definition lives here.
 */
export function whoamiQueryOptions() {
  return queryOptions({
    queryKey: ['whoami'],
    queryFn: ({ signal }) => apiGet<Whoami>('/whoami/', signal),
  });
}
