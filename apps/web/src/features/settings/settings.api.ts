import type { Whoami } from '@mandado/shared/settings.schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client.ts';

/** Who-am-I carries the public settings too (spec §7); a visitor gets `whoami: null`. */
export function whoamiQueryOptions() {
  return queryOptions({
    queryKey: ['whoami'],
    queryFn: ({ signal }) => apiGet<Whoami>('/whoami/', signal),
  });
}
