import { z } from 'zod';
import { latitudeQuerySchema, longitudeQuerySchema } from './coordinates.ts';
import { MESSAGES } from './messages.ts';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from './validation-rules.ts';

/**
 * Where a point falls for delivery: inside the served city's outline (shipping 2.99 per store, else 4.99,
 * spec §1) and, if so, inside a meeting-point zone, where the courier arranges a meeting point instead of
 * delivering to the door (§1).
 */
export const deliveryZoneSchema = z.object({
  in_service_area: z.boolean(),
  /** `note`: the operators' word on where the courier meets the beneficiary, when they wrote one. */
  meeting_point: z.object({ name: z.string(), note: z.string().optional() }).nullable(),
});
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;

/** A place the geocoder found: a readable label ('Av. Italia, Montevideo'), its point and its zone. */
export const geoPlaceSchema = z.object({
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  zone: deliveryZoneSchema,
});
export type GeoPlace = z.infer<typeof geoPlaceSchema>;

/** At most this many suggestions per search, all in Uruguay. */
export const GEO_SEARCH_LIMIT = 8;

export const geoSearchResultSchema = z.object({ results: z.array(geoPlaceSchema).max(GEO_SEARCH_LIMIT) });
export type GeoSearchResult = z.infer<typeof geoSearchResultSchema>;

export const geoReverseResultSchema = z.object({ place: geoPlaceSchema });
export type GeoReverseResult = z.infer<typeof geoReverseResultSchema>;

/** `GET /v1/geo/search/?q=`: trimmed, 3–100 characters, like the product search. */
export const geoSearchQuerySchema = z.object({
  q: z
    .string({ error: MESSAGES.searchTooShort })
    .trim()
    .min(SEARCH_MIN_LENGTH, MESSAGES.searchTooShort)
    .max(SEARCH_MAX_LENGTH, MESSAGES.searchTooLong),
});

/** `GET /v1/geo/reverse/?latitud=&longitud=`: the decimal coordinate rule of `/v1/stores/near/`. */
export const geoReverseQuerySchema = z.object({
  latitud: latitudeQuerySchema,
  longitud: longitudeQuerySchema,
});
