import type { Settings } from '@mandado/shared/settings.schemas';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useQuery } from '@tanstack/react-query';

export function useSettings(): Settings | undefined {
  return useQuery({ ...whoamiQueryOptions(), select: (body) => body.settings }).data;
}
