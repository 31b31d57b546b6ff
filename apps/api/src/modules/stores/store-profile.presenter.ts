import type { MerchantStoreProfile } from '@mandado/shared/store-profile.schemas';
import type { StoreProfileRow } from './store-profile.repository.ts';

/** The owner's view of the store's profile; the pin as numbers, the week as it was saved (null: no hours). */
export function presentStoreProfile(row: StoreProfileRow): MerchantStoreProfile {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    logo: row.logo,
    hours: row.openingHours,
  };
}
