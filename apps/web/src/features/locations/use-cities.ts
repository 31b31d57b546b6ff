import { useQuery } from '@tanstack/react-query';
import { citiesQueryOptions } from './locations.api.ts';

export function useCities() {
  return useQuery(citiesQueryOptions());
}
