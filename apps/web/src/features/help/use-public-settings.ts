import type { Settings } from '@mandado/shared/settings.schemas';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useQuery } from '@tanstack/react-query';

/** The public settings from who-am-I (a feature never imports another, so not features/settings). */
export function usePublicSettings(): Settings | undefined {
  return useQuery({ ...whoamiQueryOptions(), select: (body) => body.settings }).data;
}
