import type { CurrencyList } from '@mandado/shared/currency.schemas';
import { apiGet } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

export function currenciesQueryOptions() {
  return queryOptions({
    queryKey: ['currencies'],
    queryFn: ({ signal }) => apiGet<CurrencyList>('/currencies/', signal),
    staleTime: 60 * 60_000,
  });
}

export function countryQueryOptions() {
  return queryOptions({
    queryKey: ['country'],
    queryFn: ({ signal }) => apiGet<{ country_code: string }>('/country/', signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
