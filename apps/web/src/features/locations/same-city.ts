import type { City } from '@mandado/shared/catalog.schemas';

/** Cities are the same when their ids are: two cities may share a name (decision 014). */
export function isSameCity(a: City | null, b: City | null): boolean {
  return a !== null && b !== null && a.id === b.id;
}
