import { SEARCH_MIN_LENGTH, shouldSearch } from '@mandado/shared/validation-rules';
import { searchResultsPageParam } from '@mandado/shared/web-page-data';

/** Spec §5: a request only for 3 or more characters (an empty term just clears the list). */
export function isSearchable(term: string): boolean {
  return shouldSearch(term) && term.trim().length >= SEARCH_MIN_LENGTH;
}

/** Spec §2: the dropdown's text when nothing matches. */
export function noMatchText(term: string): string {
  return `No hay productos que coincidan con la búsqueda de "${term.trim()}"`;
}

/** Arrow-key movement through the results, wrapping at both ends; -1 means "no option active". */
export function moveActive(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

/** The results page's address for a term and a page (page 1 leaves `pagina` out). */
export function searchPageHref(term: string, page = 1): string {
  const params = new URLSearchParams({ q: term.trim() });
  if (page > 1) params.set('pagina', String(page));
  return `/buscar?${params}`;
}

/** The `pagina` of /buscar as a page number: 1 when absent or not a sensible page (the server reads it alike). */
export function searchPageParam(raw: string | null): number {
  return searchResultsPageParam(raw);
}
