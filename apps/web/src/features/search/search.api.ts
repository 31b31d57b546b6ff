import type { Product } from '@mandado/shared/catalog.schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, segment } from '../../lib/api-client.ts';

export function productSearchQueryOptions(cityName: string, term: string) {
  return queryOptions({
    queryKey: ['search', cityName, term],
    queryFn: ({ signal }) =>
      apiGet<{ results: Product[] }>(
        `/products/${segment(cityName)}/?${new URLSearchParams({ search: term })}`,
        signal,
      ).then((body) => body.results),
  });
}
