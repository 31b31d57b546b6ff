import { type AdminStore, storeStatusSchema } from '@mandado/shared/staff.schemas';
import type { AdminStoreRow } from './admin.repository.ts';

/** A store as the back office lists it; the status column is checked in the database. */
export function presentAdminStore(row: AdminStoreRow): AdminStore {
  return {
    id: row.id,
    name: row.name,
    status: storeStatusSchema.parse(row.status),
    city: row.city,
    member_count: Number(row.memberCount),
    created: new Date(row.createdAt).toISOString(),
  };
}
