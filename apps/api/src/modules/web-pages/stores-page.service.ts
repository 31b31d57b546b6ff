import {
  citiesQueryKey,
  cityStoresQueryKey,
  type PageDataEntry,
  pageCityQueryKey,
} from '@mandado/shared/web-page-data';
import type { Database } from '../../db/database.ts';
import { catalogAtRevision } from './web-page-cache.ts';

/**
 * What `/stores` renders from (decision 084): the served cities, the city the page is for and its stores,
 * under the keys the shop's own queries use, so its markup and the browser's hydration read the same data.
 * The city is the only served one, else the one the visitor's city cookie names (`cityId`, already parsed);
 * a cookie naming no served city is ignored. Empty: no city known, the page is the shell as before.
 * With several cities the chosen one is embedded too (`pageCityQueryKey`): the browser hydrates before it
 * reads its own stored city, and would otherwise not know which city's stores the markup shows.
 */
export async function storesPageCityData(db: Database, cityId: number | null): Promise<PageDataEntry[]> {
  // The served cities and the city's stores as of the catalog's revision, one small query (decision 087):
  // a store approved, paused or edited shows at the next request, its open or closed line within the minute.
  const view = await catalogAtRevision(db);
  const cities = await view.servedCities();
  const city = cities.length === 1 ? cities[0] : cities.find((served) => served.id === cityId);
  if (!city) return [];
  const entries: PageDataEntry[] = [
    { key: citiesQueryKey(), value: cities },
    { key: cityStoresQueryKey(city.state), value: await view.cityStores(city.state) },
  ];
  if (cities.length > 1) entries.push({ key: pageCityQueryKey(), value: city });
  return entries;
}
