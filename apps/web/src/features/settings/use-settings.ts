import type { Settings } from '@mandado/shared/settings.schemas';
import { useQuery } from '@tanstack/react-query';
import { whoamiQueryOptions } from '../../lib/whoami-query.ts';

export function useSettings(): Settings | undefined {
  return useQuery({ ...whoamiQueryOptions(), select: (body) => body.settings }).data;
}
