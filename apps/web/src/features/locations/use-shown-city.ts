import type { City } from '@mandado/shared/catalog.schemas';
import { useAppStore } from '../../state/app-store.ts';
import { useHydrated } from '../../state/hydration.ts';
import { impliedCity } from './implied-city.ts';
import { usePageCity } from './page-city.ts';
import { useCities } from './use-cities.ts';

/**
 * The delivery city the menus name: the stored one, or while a server-rendered page hydrates the city it was
 * rendered for (the only served city, or its city cookie's, decision 084), which that page then stores. The
 * server has no stored city, so the bottom bar's label used to turn from 'Ciudad' into 'Montevideo' after
 * hydration and push its other items sideways (a layout shift of 0.003 at 360 px).
 */
export function useShownCity(): City | null {
  const city = useAppStore((state) => state.city);
  const hydrated = useHydrated();
  const cities = useCities();
  const pageCity = usePageCity();
  if (city || hydrated) return city;
  return impliedCity(cities.data) ?? pageCity;
}
