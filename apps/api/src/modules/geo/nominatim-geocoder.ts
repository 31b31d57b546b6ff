import { GEO_SEARCH_LIMIT } from '@mandado/shared/geo.schemas';
import { foldText } from '@mandado/shared/text-fold';
import { z } from 'zod';
import type { FoundPlace, Geocoder } from './geocoder.ts';
import { GeocoderUnavailableError } from './geocoder.ts';
import { PacerBusyError, processPacerFor, type RequestPacer } from './request-pacer.ts';
import { createTtlCache } from './ttl-cache.ts';

/** Nominatim's jsonv2 place: coordinates come as strings. */
const nominatimPlaceSchema = z.object({
  lat: z.string(),
  lon: z.string(),
  display_name: z.string(),
});
const nominatimSearchSchema = z.array(nominatimPlaceSchema);
/** Reverse answers a place, or `{ error: 'Unable to geocode' }` where there is nothing (the sea). */
const nominatimReverseSchema = z.union([nominatimPlaceSchema, z.object({ error: z.string() })]);

export interface NominatimOptions {
  /** Base URL, path prefix included ('https://geo.example.org/nominatim'). */
  url: string;
  userAgent: string;
  /** Per request, once its slot came; Nominatim answers in well under a second when healthy. */
  timeoutMs?: number;
  /** Process-wide by default (one request per second to each service origin). */
  pacer?: RequestPacer;
  cacheEntries?: number;
  cacheTtlMs?: number;
}

/**
 * 'Avenida Italia 2500, Parque Batlle, Montevideo' out of Nominatim's long display name
 * ('2500, Avenida Italia, Parque Batlle, Montevideo, Montevideo, 11600, Uruguay'): the house number joins
 * its street, postcodes, repeats and the country go, and three parts are plenty for a suggestion.
 */
export function shortLabel(displayName: string): string {
  const parts = displayName
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  const [first, second] = parts;
  if (first && second && /^\d+[a-zA-Z]?$/.test(first)) parts.splice(0, 2, `${second} ${first}`);
  const kept: string[] = [];
  for (const part of parts) {
    if (/^\d[\d\s-]*$/.test(part) || part === 'Uruguay' || kept.at(-1) === part) continue;
    kept.push(part);
  }
  return kept.slice(0, 3).join(', ');
}

function toFoundPlace(place: z.infer<typeof nominatimPlaceSchema>): FoundPlace | null {
  const latitude = Number(place.lat);
  const longitude = Number(place.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return { label: shortLabel(place.display_name), latitude, longitude };
}

/**
 * A client of a Nominatim-compatible service within its usage policy (decision 019): at most one request
 * per second for the whole process (a shared pacer), answers cached in process for a day (the same
 * street is looked up again and again), an identifying User-Agent, a timeout. Identical lookups in flight
 * share one request. Any failure surfaces as GeocoderUnavailableError (503 to the caller) and is not cached.
 */
export function createNominatimGeocoder(options: NominatimOptions): Geocoder {
  const base = options.url.replace(/\/+$/, '');
  const pacer = options.pacer ?? processPacerFor(new URL(base).origin);
  const timeoutMs = options.timeoutMs ?? 5000;
  const cache = createTtlCache<Promise<unknown>>(
    options.cacheEntries ?? 1000,
    options.cacheTtlMs ?? 24 * 3600_000,
  );

  async function fetchJson(path: string, params: Record<string, string>): Promise<unknown> {
    const url = `${base}${path}?${new URLSearchParams(params)}`;
    try {
      return await pacer.schedule(async () => {
        const response = await fetch(url, {
          headers: { 'user-agent': options.userAgent, accept: 'application/json', 'accept-language': 'es' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new GeocoderUnavailableError(`HTTP ${response.status} from ${path}`);
        return (await response.json()) as unknown;
      });
    } catch (error) {
      if (error instanceof GeocoderUnavailableError) throw error;
      if (error instanceof PacerBusyError)
        throw new GeocoderUnavailableError('too many lookups queued', { cause: error });
      throw new GeocoderUnavailableError(error instanceof Error ? error.message : String(error), {
        cause: error,
      });
    }
  }

  function cached(key: string, load: () => Promise<unknown>): Promise<unknown> {
    const hit = cache.get(key);
    if (hit) return hit;
    const pending = load();
    cache.set(key, pending);
    // A failure is not remembered: the next lookup tries the service again.
    pending.catch(() => cache.delete(key));
    return pending;
  }

  function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new GeocoderUnavailableError('unexpected answer shape');
    return parsed.data;
  }

  return {
    async search(query) {
      const q = query.trim();
      const body = await cached(`search:${foldText(q)}`, () =>
        fetchJson('/search', { format: 'jsonv2', countrycodes: 'uy', limit: String(GEO_SEARCH_LIMIT), q }),
      );
      return parse(nominatimSearchSchema, body)
        .map(toFoundPlace)
        .filter((place): place is FoundPlace => place !== null);
    },

    async reverse(latitude, longitude) {
      // Five decimals are about a metre: two clicks on the same spot share an answer.
      const lat = latitude.toFixed(5);
      const lon = longitude.toFixed(5);
      const body = await cached(`reverse:${lat},${lon}`, () =>
        fetchJson('/reverse', { format: 'jsonv2', lat, lon }),
      );
      const place = parse(nominatimReverseSchema, body);
      if ('error' in place) return null;
      const found = toFoundPlace(place);
      return found ? { ...found, latitude, longitude } : null;
    },
  };
}
