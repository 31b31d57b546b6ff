/**
 * Lowercase, trimmed and without accents or other combining marks, so "PAYSANDÚ " and "paysandu" compare
 * equal. The one folding rule for city lookups, search terms and seed keys; the database's
 * search_normalize() folds the same way.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}
