import type { City } from '@mandado/shared/catalog.schemas';
// Lowercase without accents, so "paysandu" finds "Paysandú".
import { foldText } from '@mandado/shared/text-fold';

export interface StateGroup {
  state: string;
  cities: City[];
}

/**
 * The city selector's options (spec §2): cities whose name or state contains the query, case-insensitive,
 * grouped by state in the order the states first appear, cities sorted by name.
 */
export function groupCitiesByState(cities: readonly City[], query: string): StateGroup[] {
  const needle = foldText(query);
  const groups = new Map<string, City[]>();
  for (const city of cities) {
    if (needle && !foldText(city.name).includes(needle) && !foldText(city.state).includes(needle)) continue;
    const group = groups.get(city.state);
    if (group) group.push(city);
    else groups.set(city.state, [city]);
  }
  return [...groups].map(([state, list]) => ({
    state,
    cities: [...list].sort((a, b) => a.name.localeCompare(b.name, 'es')),
  }));
}
