import type { GeoPlace, GeoReverseResult, GeoSearchResult } from '@mandado/shared/geo.schemas';
import { SEARCH_MIN_LENGTH } from '@mandado/shared/validation-rules';
import { apiGet } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Six decimals are about 10 cm: plenty for a door, and always inside the server's decimal rule. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Suggestions from our geocoder (Uruguay only, spec §5); nothing is asked below 3 characters. */
export function geoSearchQueryOptions(term: string) {
  const q = term.trim();
  return queryOptions({
    queryKey: ['geo-search', q],
    queryFn: async ({ signal }) =>
      (await apiGet<GeoSearchResult>(`/geo/search/?${new URLSearchParams({ q })}`, signal)).results,
    enabled: q.length >= SEARCH_MIN_LENGTH,
    staleTime: 10 * 60_000,
  });
}

/** A readable label for a point (street or barrio, Montevideo). */
export async function reverseGeocode(point: GeoPoint, signal?: AbortSignal): Promise<GeoPlace> {
  const params = new URLSearchParams({
    latitud: roundCoordinate(point.latitude).toFixed(6),
    longitud: roundCoordinate(point.longitude).toFixed(6),
  });
  return (await apiGet<GeoReverseResult>(`/geo/reverse/?${params}`, signal)).place;
}
