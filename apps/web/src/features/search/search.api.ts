import type { Product } from '@mandado/shared/catalog.schemas';
import { searchResultsPageQueryKey } from '@mandado/shared/web-page-data';
import { apiGet, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

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

/** One page of results for the results page (/buscar): the products and whether another page follows. */
export function productSearchPageQueryOptions(cityName: string, term: string, page: number) {
  return queryOptions({
    queryKey: searchResultsPageQueryKey(cityName, term, page),
    queryFn: ({ signal }) =>
      apiGet<{ results: Product[]; page: number; has_next: boolean }>(
        `/products/${segment(cityName)}/?${new URLSearchParams({ search: term, page: String(page) })}`,
        signal,
      ),
  });
}
