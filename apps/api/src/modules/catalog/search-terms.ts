import { foldText } from '@mandado/shared/text-fold';

const MAX_TERMS = 8;

/** Lowercase and accent-free, as the database's search_normalize() gives it (the shared folding rule). */
export function normalizeSearchText(text: string): string {
  return foldText(text);
}

/** The words of a search as [a-z0-9] runs, so nothing the shopper types can alter the query's syntax. */
export function searchTerms(text: string): string[] {
  return normalizeSearchText(text)
    .split(/[^a-z0-9]+/)
    .filter((term) => term.length > 0)
    .slice(0, MAX_TERMS);
}
