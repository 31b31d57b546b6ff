import type { CurrencyList } from '@mandado/shared/currency.schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client.ts';

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
