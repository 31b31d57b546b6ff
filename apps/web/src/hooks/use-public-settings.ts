import type { Settings } from '@mandado/shared/settings.schemas';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useQuery } from '@tanstack/react-query';

/**
 * The public settings from who-am-I (decision 038): the free-shipping threshold and fees, the banner, support
 * contacts, widgets. Undefined until who-am-I answers; every page and feature reads them here.
 */
export function usePublicSettings(): Settings | undefined {
  return useQuery({ ...whoamiQueryOptions(), select: (body) => body.settings }).data;
}
