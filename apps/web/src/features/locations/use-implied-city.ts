import type { City } from '@mandado/shared/catalog.schemas';
import { useEffect } from 'react';
import { afterYield } from '../../lib/after-yield.ts';
import { useAppStore } from '../../state/app-store.ts';
import { impliedCity } from './implied-city.ts';
import { usePageCity } from './page-city.ts';
import { useCities } from './use-cities.ts';

/**
 * The delivery city, or for a visitor without one the only served city, stored silently (issue 30 item 5)
 * like a choice on the city screen so the cart, the address and the next visit have it. `pending` while the
 * cities load and nothing is stored yet. With several, the city the server rendered the page for (its city
 * cookie's, decision 084) stands in the same way: while hydrating, and if the browser has no stored city.
 */
export function useImpliedCity(): { city: City | null; pending: boolean } {
  const city = useAppStore((state) => state.city);
  const setCity = useAppStore((state) => state.setCity);
  const cities = useCities();
  const pageCity = usePageCity();
  const implied = city ? null : (impliedCity(cities.data) ?? pageCity);

  useEffect(() => {
    // In a task of its own (decision 086): on a hydrated page this effect runs in the hydration's last task,
    // and the city's readers re-render synchronously (a zustand update is never time-sliced).
    if (implied) afterYield(() => setCity(implied));
  }, [implied, setCity]);

  return { city: city ?? implied, pending: !city && cities.isPending };
}
