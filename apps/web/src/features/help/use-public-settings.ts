import type { Settings } from '@mandado/shared/settings.schemas';
import { useQuery } from '@tanstack/react-query';
import { whoamiQueryOptions } from '../../lib/whoami-query.ts';

/** The public settings from who-am-I (a feature never imports another, so not features/settings). */
export function usePublicSettings(): Settings | undefined {
  return useQuery({ ...whoamiQueryOptions(), select: (body) => body.settings }).data;
}
