import type { User } from '@mandado/shared/account.schemas';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useQuery } from '@tanstack/react-query';

export interface CurrentUser {
  /** The logged-in remitter, or null for a visitor (and while who-am-I is loading or failed). */
  user: User | null;
  /** True until who-am-I has answered once. */
  isPending: boolean;
}

/** The session's user from the who-am-I query (spec §4 App start). */
export function useCurrentUser(): CurrentUser {
  const query = useQuery({ ...whoamiQueryOptions(), select: (body) => body.whoami });
  return { user: query.data ?? null, isPending: query.isPending };
}
