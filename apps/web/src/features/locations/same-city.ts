import type { City } from '@mandado/shared/catalog.schemas';

export function isSameCity(a: City | null, b: City | null): boolean {
  return a !== null && b !== null && a.name === b.name && a.state === b.state;
}
