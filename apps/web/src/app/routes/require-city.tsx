import type { City } from '@mandado/shared/catalog.schemas';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAppStore } from '../../state/app-store.ts';

/** Pages that list a city's stores or products send a visitor without a city to the city screen. */
export function RequireCity({ children }: { children: (city: City) => ReactNode }) {
  const city = useAppStore((state) => state.city);
  if (!city) return <Navigate to="/" replace />;
  return children(city);
}
