import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { storeCities, stores } from '../../db/schema/catalog.ts';

/** The store row of the outer query: the `stores` table's columns, or an alias's (`s.id`, `s.status`). */
export interface StoreRef {
  id: AnyColumn | SQL;
  status: AnyColumn | SQL;
}

const STORES_TABLE: StoreRef = { id: stores.id, status: stores.status };

/**
 * "An approved store that delivers to this city": the one condition behind every list a shopper sees for a
 * city (catalog, store list, cart), so a store that stops being approved or drops a city disappears from all
 * of them at once. PostgreSQL plans the `exists` as a semi-join, as fast as joining store_cities.
 */
export function approvedStoreDeliversTo(cityId: number | SQL, store: StoreRef = STORES_TABLE): SQL {
  return sql`(${store.status} = 'approved' and exists (
    select 1 from ${storeCities} sc where sc.store_id = ${store.id} and sc.city_id = ${cityId}
  ))`;
}
