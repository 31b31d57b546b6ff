import {
  ADMIN_STORES_MESSAGES,
  type AdminStoreDetail,
  type AdminStoreListQuery,
  type AdminStoreRow,
} from '@mandado/shared/admin-stores.schemas';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  grantMembershipAsOperator,
  removeMembershipAsOperator,
  storeMembersOf,
} from '../store-members/store-members.service.ts';
import { requireReadyToPublish } from '../store-payouts/store-payouts.service.ts';
import { setStoreCommissionRate, setStoreStatus } from '../stores/stores.service.ts';
import { presentAdminStore, presentAdminStoreDetail } from './admin-stores.presenter.ts';
import { findAccountIdByEmail, findStore, listStores, lockStore } from './admin-stores.repository.ts';

/** Every store with its state, members count and commission; searchable by name or id. One query. */
export async function listAdminStores(
  db: Database,
  actor: Actor | null,
  query: AdminStoreListQuery,
): Promise<AdminStoreRow[]> {
  requirePermission(actor, 'admin:read');
  const rows = await listStores(db, { q: query.q || null, status: query.status ?? null });
  return rows.map(presentAdminStore);
}

/** One store with its members: two queries. */
export async function getAdminStore(
  db: Database,
  actor: Actor | null,
  storeId: number,
): Promise<AdminStoreDetail> {
  requirePermission(actor, 'admin:read');
  const [row, members] = await Promise.all([findStore(db, storeId), storeMembersOf(db, storeId)]);
  if (!row) throw new HttpError(404, { detail: SERVER_MESSAGES.notFound });
  return presentAdminStoreDetail(row, members);
}

/**
 * Suspends a store with a reason (issue 19): it leaves the shop at once (every shopper's list, store page,
 * cart and checkout ask for an approved store, and the write moves the catalog revision the search index is
 * keyed by), while its members keep working its open orders in /comercio.
 */
export async function suspendStore(
  db: Database,
  actor: Actor | null,
  storeId: number,
  reason: string,
): Promise<AdminStoreDetail> {
  const operator = requirePermission(actor, 'admin:manage');
  await db.transaction(async (tx) => {
    const store = await lockStore(tx, storeId);
    if (!store) throw new HttpError(404, { detail: SERVER_MESSAGES.notFound });
    if (store.status === 'suspended')
      throw new HttpError(409, { detail: ADMIN_STORES_MESSAGES.storeAlreadySuspended });
    if (store.status === 'rejected')
      throw new HttpError(409, { detail: ADMIN_STORES_MESSAGES.storeRejected });
    await setStoreStatus(tx, storeId, { status: 'suspended', statusReason: reason });
    await recordAudit(tx, operator, {
      storeId,
      action: 'store.suspended',
      subject: `store:${storeId}`,
      detail: {
        before: { status: store.status, status_reason: store.statusReason },
        after: { status: 'suspended', status_reason: reason },
        reason,
      },
      actorRole: 'operator',
    });
  });
  return getAdminStore(db, operator, storeId);
}

/** Opens a suspended store again, or publishes a pending one (approved from an application): the shop shows it. */
export async function reopenStore(
  db: Database,
  actor: Actor | null,
  storeId: number,
): Promise<AdminStoreDetail> {
  const operator = requirePermission(actor, 'admin:manage');
  await db.transaction(async (tx) => {
    const store = await lockStore(tx, storeId);
    if (!store) throw new HttpError(404, { detail: SERVER_MESSAGES.notFound });
    if (store.status === 'approved')
      throw new HttpError(409, { detail: ADMIN_STORES_MESSAGES.storeAlreadyOpen });
    if (store.status === 'rejected')
      throw new HttpError(409, { detail: ADMIN_STORES_MESSAGES.storeRejected });
    // Publishing for the first time asks for the go-live checklist (issue 31); reopening a suspended store
    // does not: it was published once and its members keep it up.
    if (store.status === 'pending') await requireReadyToPublish(tx, storeId);
    await setStoreStatus(tx, storeId, { status: 'approved', statusReason: '' });
    await recordAudit(tx, operator, {
      storeId,
      action: 'store.reopened',
      subject: `store:${storeId}`,
      detail: {
        before: { status: store.status, status_reason: store.statusReason },
        after: { status: 'approved', status_reason: '' },
      },
      actorRole: 'operator',
    });
  });
  return getAdminStore(db, operator, storeId);
}

/** The store's commission for orders placed from now on; each placed order froze its own. */
export async function setStoreCommission(
  db: Database,
  actor: Actor | null,
  storeId: number,
  percent: number,
): Promise<AdminStoreDetail> {
  const operator = requirePermission(actor, 'admin:manage');
  const rate = percent.toFixed(2);
  await db.transaction(async (tx) => {
    const store = await lockStore(tx, storeId);
    if (!store) throw new HttpError(404, { detail: SERVER_MESSAGES.notFound });
    const before = Number(store.commissionRate).toFixed(2);
    if (before === rate) return;
    await setStoreCommissionRate(tx, storeId, rate);
    await recordAudit(tx, operator, {
      storeId,
      action: 'store.commission_changed',
      subject: `store:${storeId}`,
      detail: { before: { commission_rate: before }, after: { commission_rate: rate } },
      actorRole: 'operator',
    });
  });
  return getAdminStore(db, operator, storeId);
}

/** Adds an existing account (by its e-mail) to the store as owner or staff, or changes its role there. */
export async function addStoreMemberByEmail(
  db: Database,
  actor: Actor | null,
  storeId: number,
  input: { email: string; role: 'owner' | 'staff' },
): Promise<AdminStoreDetail> {
  const operator = requirePermission(actor, 'admin:manage');
  const userId = await findAccountIdByEmail(db, input.email);
  if (userId === null) throw new HttpError(400, { email: [ADMIN_STORES_MESSAGES.noAccount] });
  await grantMembershipAsOperator(db, operator, { storeId, userId, role: input.role });
  return getAdminStore(db, operator, storeId);
}

export async function removeStoreMember(
  db: Database,
  actor: Actor | null,
  storeId: number,
  userId: number,
): Promise<AdminStoreDetail> {
  const operator = requirePermission(actor, 'admin:manage');
  await removeMembershipAsOperator(db, operator, storeId, userId);
  return getAdminStore(db, operator, storeId);
}
