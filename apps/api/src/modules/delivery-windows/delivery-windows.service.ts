import { DEFAULT_STORE_WINDOWS, type StoreWindow } from '@mandado/shared/store-windows';
import type { StoreWindowsView } from '@mandado/shared/store-windows.schemas';
import { type Actor, requirePermission, requireStoreMember, requireStoreOwner } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { notFound } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { isExistingStore } from '../stores/stores.service.ts';
import { findSavedWindows, upsertWindows } from './delivery-windows.repository.ts';

/**
 * A store's delivery windows (decision 065): members and operators read them, owners change them (audited).
 * A store that never saved its own has DEFAULT_STORE_WINDOWS, so checkout always offers windows.
 */

/** The windows each store delivers in, by store id (the defaults for a store without its own). */
export async function windowsOfStores(
  db: DatabaseOrTransaction,
  storeIds: readonly number[],
): Promise<Map<number, readonly StoreWindow[]>> {
  const saved = await findSavedWindows(db, storeIds);
  return new Map(storeIds.map((id) => [id, saved.get(id) ?? DEFAULT_STORE_WINDOWS]));
}

async function view(db: DatabaseOrTransaction, storeId: number): Promise<StoreWindowsView> {
  const saved = (await findSavedWindows(db, [storeId])).get(storeId);
  return { windows: [...(saved ?? DEFAULT_STORE_WINDOWS)], defaults: saved === undefined };
}

export async function getStoreWindows(
  db: Database,
  actor: Actor | null,
  storeId: number,
): Promise<StoreWindowsView> {
  requireStoreMember(actor, storeId);
  return view(db, storeId);
}

/** The operators' read (the back office): any store. */
export async function getStoreWindowsForOperator(
  db: Database,
  actor: Actor | null,
  storeId: number,
): Promise<StoreWindowsView> {
  requirePermission(actor, 'admin:read');
  if (!(await isExistingStore(db, storeId))) throw notFound();
  return view(db, storeId);
}

function inWeekOrder(windows: readonly StoreWindow[]): StoreWindow[] {
  const order = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  return [...windows].sort(
    (a, b) => order.indexOf(a.weekday) - order.indexOf(b.weekday) || a.from.localeCompare(b.from),
  );
}

export async function saveStoreWindows(
  db: Database,
  actor: Actor | null,
  storeId: number,
  input: { windows: StoreWindow[] },
): Promise<StoreWindowsView> {
  const owner = requireStoreOwner(actor, storeId);
  const windows = inWeekOrder(input.windows);
  return db.transaction(async (tx) => {
    const before = await view(tx, storeId);
    await upsertWindows(tx, storeId, windows);
    await recordAudit(tx, owner, {
      storeId,
      action: 'store.delivery_windows',
      subject: `store:${storeId}`,
      detail: { from: before.windows, to: windows },
    });
    return { windows, defaults: false };
  });
}
