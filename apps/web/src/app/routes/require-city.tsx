import type { City } from '@mandado/shared/catalog.schemas';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useImpliedCity } from '../../features/locations/use-implied-city.ts';
import { useAppStore } from '../../state/app-store.ts';

/** Pages that list a city's stores or products send a visitor without a city to the city screen. */
export function RequireCity({ children }: { children: (city: City) => ReactNode }) {
  const city = useAppStore((state) => state.city);
  if (!city) return <Navigate to="/" replace />;
  return children(city);
}

/**
 * A page a shared link opens (a store's products, issue 30 item 5): a visitor without a city gets the only
 * served city silently and sees the page at once. With several served cities the page shows too, with no
 * city (null): the store is found by its slug, and the city is asked at the first add to cart
 * (AddToCartButton, features/locations/ask-city-dialog.tsx).
 */
export function RequireCityOrOnly({ children }: { children: (city: City | null) => ReactNode }) {
  const { city, pending } = useImpliedCity();
  if (city) return children(city);
  if (pending) {
    return (
      <div className="container page-section page-loading">
        <Spinner label="Cargando" />
      </div>
    );
  }
  return children(null);
}

/**
 * A page that lists the city's stores or products and that the server renders (/stores, decision 084; the
 * search results, decision 083): the stored city, else the only served city or the city the server rendered
 * the page for (its city cookie's), taken silently as on a store page; with several served cities and none
 * of those, the city screen as before. The server's markup and the hydrating browser render the same city.
 */
export function RequireCityOrImplied({ children }: { children: (city: City) => ReactNode }) {
  const { city, pending } = useImpliedCity();
  if (city) return children(city);
  if (pending) {
    return (
      <div className="container page-section page-loading">
        <Spinner label="Cargando" />
      </div>
    );
  }
  return <Navigate to="/" replace />;
}
