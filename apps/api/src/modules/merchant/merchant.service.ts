import type { MerchantStore } from '@mandado/shared/staff.schemas';
import { type Actor, requirePermission, requireStoreMember } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http-errors.ts';
import { presentMerchantStore } from './merchant.presenter.ts';
import { findMemberStore, listMemberStores } from './merchant.repository.ts';

/** The stores the actor works for. */
export async function listOwnStores(db: Database, actor: Actor | null): Promise<MerchantStore[]> {
  const merchant = requirePermission(actor, 'store:read');
  return (await listMemberStores(db, merchant.userId)).map(presentMerchantStore);
}

/** One of the actor's stores; another store is a 403 (requirePermission's scope), never its data. */
export async function getOwnStore(
  db: Database,
  actor: Actor | null,
  storeId: number,
): Promise<MerchantStore> {
  const merchant = requireStoreMember(requirePermission(actor, 'store:read', storeId), storeId);
  const row = await findMemberStore(db, merchant.userId, storeId);
  if (!row) throw notFound();
  return presentMerchantStore(row);
}
