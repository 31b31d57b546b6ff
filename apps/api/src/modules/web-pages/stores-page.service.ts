import type { City, Store } from '@mandado/shared/catalog.schemas';
import {
  citiesQueryKey,
  cityStoresQueryKey,
  type PageDataEntry,
  pageCityQueryKey,
} from '@mandado/shared/web-page-data';
import type { Database } from '../../db/database.ts';
import { getServedCities } from '../locations/locations.service.ts';
import { getStoresForCity } from '../stores/stores.service.ts';

type Entry<T> = { minute: number; value: Promise<T> };

/**
 * `read`'s answer kept until the minute turns, per database and key; concurrent misses share one read and a
 * failed read is not kept. The served cities and a city's stores cost ~2 and ~10 ms of CPU on the embedded
 * PGlite, which made `/stores`' HTML slow at 10 connections (decision 084); its markup is rendered once a
 * minute anyway (plugins/web-page-markup.ts), so the stores' open or closed lines are of the minute in both.
 * Bound: a store approved, paused or edited, or a city served or no longer served, shows in `/stores`' HTML
 * when the minute turns (the browser's own fetches are not cached here). Nothing else depends on it.
 */
function oncePerMinute<T>(read: (db: Database, key: string) => Promise<T>) {
  const byDatabase = new WeakMap<Database, Map<string, Entry<T>>>();
  return (db: Database, key: string): Promise<T> => {
    const minute = Math.floor(Date.now() / 60_000);
    let entries = byDatabase.get(db);
    if (!entries) {
      entries = new Map();
      byDatabase.set(db, entries);
    }
    const hit = entries.get(key);
    if (hit && hit.minute === minute) return hit.value;
    const entry = { minute, value: read(db, key) };
    entries.set(key, entry);
    entry.value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return entry.value;
  };
}

const servedCitiesThisMinute = oncePerMinute<City[]>((db) => getServedCities(db));
// TODO(lead-merge): if decision 087 (srvtime) caches the city's stores for the store page, share one cache.
const storesOfCityThisMinute = oncePerMinute<Store[]>((db, state) => getStoresForCity(db, state));

/**
 * What `/stores` renders from (decision 084): the served cities, the city the page is for and its stores,
 * under the keys the shop's own queries use, so its markup and the browser's hydration read the same data.
 * The city is the only served one, else the one the visitor's city cookie names (`cityId`, already parsed);
 * a cookie naming no served city is ignored. Empty: no city known, the page is the shell as before.
 * With several cities the chosen one is embedded too (`pageCityQueryKey`): the browser hydrates before it
 * reads its own stored city, and would otherwise not know which city's stores the markup shows.
 */
export async function storesPageCityData(db: Database, cityId: number | null): Promise<PageDataEntry[]> {
  const cities = await servedCitiesThisMinute(db, '');
  const city = cities.length === 1 ? cities[0] : cities.find((served) => served.id === cityId);
  if (!city) return [];
  const entries: PageDataEntry[] = [
    { key: citiesQueryKey(), value: cities },
    { key: cityStoresQueryKey(city.state), value: await storesOfCityThisMinute(db, city.state) },
  ];
  if (cities.length > 1) entries.push({ key: pageCityQueryKey(), value: city });
  return entries;
}
