import { foldText } from '@mandado/shared/text-fold';
import { distance } from 'fastest-levenshtein';

/**
 * The store's category a mistyped one most likely means (issue 31: 'Almacen ' or 'Lacteos' for 'Lácteos'),
 * or null when none is close: compared without case or accents, by edit distance, within a third of the
 * longer name (at least 2 edits), so 'Inexistente' suggests nothing rather than a wrong guess.
 */
export function closestCategory(name: string, existing: readonly string[]): string | null {
  const folded = foldText(name);
  let best: { name: string; edits: number } | null = null;
  for (const candidate of existing) {
    const other = foldText(candidate);
    const edits = other.startsWith(folded) || folded.startsWith(other) ? 1 : distance(folded, other);
    const allowed = Math.max(2, Math.floor(Math.max(folded.length, other.length) / 3));
    if (edits <= allowed && (best === null || edits < best.edits)) best = { name: candidate, edits };
  }
  return best?.name ?? null;
}
