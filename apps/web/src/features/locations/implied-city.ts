import type { City } from '@mandado/shared/catalog.schemas';

/**
 * Issue 30 item 5: the city a visitor without one gets without being asked. With one served city (Montevideo
 * today) there is nothing to choose, so a shared store or product link opens at once; with several, none is
 * implied and the visitor is asked.
 */
export function impliedCity(cities: readonly City[] | undefined): City | null {
  return cities?.length === 1 ? (cities[0] ?? null) : null;
}
