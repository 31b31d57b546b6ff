import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

function shouldRetry(failureCount: number, error: Error): boolean {
  // A 4xx will not change on retry; network blips and 5xx get one more try.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Catalog data changes rarely; a visit should not refetch on every focus or remount.
        staleTime: 5 * 60_000,
        gcTime: 30 * 60_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}
