import type { MerchantStore } from '@mandado/shared/staff.schemas';
import { merchantStoreSchema } from '@mandado/shared/staff.schemas';
import type { MemberStoreRow } from './merchant.repository.ts';

/** A store as its merchant sees it; the status and role columns are checked in the database. */
export function presentMerchantStore(row: MemberStoreRow): MerchantStore {
  return merchantStoreSchema.parse({
    id: row.id,
    name: row.name,
    status: row.status,
    city: row.city,
    member_role: row.memberRole,
  });
}
