import type { City } from '@mandado/shared/catalog.schemas';
import { useAppStore } from '../../state/app-store.ts';
import { impliedCity } from './implied-city.ts';
import { useCities } from './use-cities.ts';

/**
 * The city the menus name: the chosen one, or else the only served city, which every page implies (issue 30
 * item 5). A server-rendered page (decisions 079, 083) renders before the browser's stored city is read, with
 * the served cities embedded: naming the implied city there too keeps the label the same after hydration,
 * where 'Ciudad' turning into 'Montevideo' shifted the bar's other items (CLS).
 */
export function useShownCity(): City | null {
  const city = useAppStore((state) => state.city);
  const cities = useCities();
  return city ?? impliedCity(cities.data);
}
