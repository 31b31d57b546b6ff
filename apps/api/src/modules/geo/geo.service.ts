import type { GeoPlace, GeoReverseResult, GeoSearchResult } from '@mandado/shared/geo.schemas';
import { GEO_SEARCH_LIMIT } from '@mandado/shared/geo.schemas';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { createEmbeddedGeocoder } from './embedded-geocoder.ts';
import { type FoundPlace, type Geocoder, type GeocoderConfig, GeocoderUnavailableError } from './geocoder.ts';
import { createNominatimGeocoder } from './nominatim-geocoder.ts';
import { databasePacerFor } from './request-pacer.ts';
import { deliveryZoneFor, isInsideUruguay, type ZoneMap } from './zones.ts';

/**
 * The embedded gazetteer unless GEOCODER_URL names a Nominatim-compatible service (decision 019). With a
 * database, that service's pace is shared by every instance on it (decision 036).
 */
export function createGeocoder(config: GeocoderConfig, db?: Database): Geocoder {
  if (!config.url) return createEmbeddedGeocoder();
  const origin = new URL(config.url).origin;
  return createNominatimGeocoder({
    url: config.url,
    userAgent: config.userAgent,
    ...(db ? { pacer: databasePacerFor(db, origin) } : {}),
  });
}

function isInUruguay(place: FoundPlace): boolean {
  return isInsideUruguay(place.latitude, place.longitude);
}

/** The place with its delivery zone under `zones`, the ones in force (operators may upload their own). */
function withZone(place: FoundPlace, zones: ZoneMap): GeoPlace {
  return { ...place, zone: deliveryZoneFor(place.latitude, place.longitude, zones) };
}

/** The external service failing is our outage, not the caller's mistake: 503 in Spanish. */
async function orUnavailable<T>(lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof GeocoderUnavailableError)
      throw new HttpError(503, { detail: SERVER_MESSAGES.geocoderUnavailable });
    throw error;
  }
}

/** Suggestions for a typed address, in Uruguay only (the service is asked so, and the answer is checked). */
export async function searchPlaces(
  geocoder: Geocoder,
  query: string,
  zones: ZoneMap,
): Promise<GeoSearchResult> {
  const found = await orUnavailable(geocoder.search(query));
  return {
    results: found
      .filter(isInUruguay)
      .slice(0, GEO_SEARCH_LIMIT)
      .map((place) => withZone(place, zones)),
  };
}

/**
 * A readable label for the pin. The place keeps the pin's own coordinates (the sender put it on the door,
 * the geocoder's point is only the nearest thing it knows); where the geocoder knows nothing, the label is
 * the coordinates themselves.
 */
export async function reversePlace(
  geocoder: Geocoder,
  latitude: number,
  longitude: number,
  zones: ZoneMap,
): Promise<GeoReverseResult> {
  const found = await orUnavailable(geocoder.reverse(latitude, longitude));
  const label = found?.label ?? `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
  return { place: withZone({ label, latitude, longitude }, zones) };
}
