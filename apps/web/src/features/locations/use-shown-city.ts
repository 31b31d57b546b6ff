import type { City } from '@mandado/shared/catalog.schemas';
import { useAppStore } from '../../state/app-store.ts';
import { useHydrated } from '../../state/hydration.ts';
import { impliedCity } from './implied-city.ts';
import { usePageCity } from './page-city.ts';
import { useCities } from './use-cities.ts';

/**
 * The city the menus name: the chosen one, else the only served city, which every page implies (issue 30
 * item 5), else, while a server-rendered page hydrates, the city it was rendered for (its city cookie's,
 * decision 084), which that page then stores. The server has no stored city, so the bottom bar's label used
 * to turn from 'Ciudad' into 'Montevideo' after hydration and push its other items sideways (a layout shift
 * of 0.003 at 360 px; decisions 083, 084).
 */
export function useShownCity(): City | null {
  const city = useAppStore((state) => state.city);
  const hydrated = useHydrated();
  const cities = useCities();
  const pageCity = usePageCity();
  if (city) return city;
  return impliedCity(cities.data) ?? (hydrated ? null : pageCity);
}
