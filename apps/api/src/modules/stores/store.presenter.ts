import type { Store } from '@mandado/shared/catalog.schemas';
import { availabilityView } from '@mandado/shared/store-availability';
import { isStoreKind, storeSlug } from '@mandado/shared/store-kinds';
import type { StoreRow } from './stores.repository.ts';

/**
 * The API shape of a store (spec §3); database column names never reach the caller. Its availability is
 * worked out against the clock at each answer (issue 18), so a pause ends on time without a write.
 */
export function presentStore(row: StoreRow, now = new Date()): Store {
  if (!isStoreKind(row.kind) || row.status !== 'approved') {
    throw new Error(`store ${row.id} cannot be presented (kind ${row.kind}, status ${row.status})`);
  }
  return {
    id: row.id,
    name: row.name,
    slug: storeSlug(row.name),
    logo: row.logo,
    category: row.kind,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    city_id: row.cityId,
    state: row.state,
    zip_code: row.zipCode,
    status: row.status,
    rif: row.rif,
    merchant: row.merchantId,
    sort_index: row.sortIndex,
    cities: row.cities,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    created: new Date(row.createdAt).toISOString(),
    modified: new Date(row.modifiedAt).toISOString(),
    availability: availabilityView(row.name, row, now),
    hours: row.openingHours,
    preparation_minutes: row.preparationMinutes,
  };
}
