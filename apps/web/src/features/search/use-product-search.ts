import type { City, Product } from '@mandado/shared/catalog.schemas';
import { SEARCH_DEBOUNCE_MS } from '@mandado/shared/validation-rules';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { productSearchQueryOptions } from './search.api.ts';
import { isSearchable } from './search-term.ts';

export interface ProductSearch {
  /** The term the shown results belong to. */
  term: string;
  results: Product[] | undefined;
  isSearching: boolean;
  error: Error | null;
  /** The typed term is long enough to search. */
  active: boolean;
}

/** Debounced product search in the delivery city (spec §5, §9: 800 ms, 3 or more characters). */
export function useProductSearch(city: City | null, term: string): ProductSearch {
  const typed = term.trim();
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const enabled = city !== null && isSearchable(debounced);
  const query = useQuery({ ...productSearchQueryOptions(city?.name ?? '', debounced), enabled });
  const waiting = isSearchable(typed) && typed !== debounced;
  return {
    term: debounced,
    results: enabled ? query.data : undefined,
    isSearching: waiting || (enabled && query.isFetching),
    error: enabled ? query.error : null,
    active: isSearchable(typed),
  };
}
