import type { City } from '@mandado/shared/catalog.schemas';
import type { CityRequest } from '@mandado/shared/city-request.schemas';
import { apiGet, apiPost } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

export function citiesQueryOptions() {
  return queryOptions({
    queryKey: ['cities'],
    queryFn: ({ signal }) => apiGet<{ results: City[] }>('/cities/', signal).then((body) => body.results),
    staleTime: 60 * 60_000,
  });
}

export function requestCity(request: CityRequest): Promise<unknown> {
  return apiPost('/city/request/', request);
}
