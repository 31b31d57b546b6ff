import type { AdminStore } from '@mandado/shared/staff.schemas';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { presentAdminStore } from './admin.presenter.ts';
import { listAllStores } from './admin.repository.ts';

/** Every store with its status, for an operator. */
export async function listStoresForReview(db: Database, actor: Actor | null): Promise<AdminStore[]> {
  requirePermission(actor, 'admin:read');
  return (await listAllStores(db)).map(presentAdminStore);
}
