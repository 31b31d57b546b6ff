import type { Actor } from '../../authorization.ts';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { insertAuditEvent, listAuditEventsForSubject } from './audit.repository.ts';

/**
 * Records a staff action (issue 18) with the transaction that made the change, so the change and its row
 * commit together or not at all. The actor's capacity in the store is read off the actor: an owner of the
 * store, else a staff member of it, else an operator acting from the back office.
 */
export async function recordAudit(
  tx: DatabaseOrTransaction,
  actor: Actor,
  event: {
    storeId: number | null;
    action: string;
    subject: string;
    detail?: Record<string, unknown>;
    /** When the actor's session does not say it yet (a member who joins in this very transaction). */
    actorRole?: 'owner' | 'staff' | 'operator';
  },
): Promise<void> {
  const storeId = event.storeId;
  const actorRole =
    event.actorRole ??
    (storeId !== null && actor.ownedStoreIds.includes(storeId)
      ? 'owner'
      : storeId !== null && actor.storeIds.includes(storeId)
        ? 'staff'
        : 'operator');
  await insertAuditEvent(tx, {
    actorUserId: actor.userId,
    actorRole,
    storeId,
    action: event.action,
    subject: event.subject,
    detail: event.detail ?? {},
  });
}

/**
 * Records what a courier did through a store order's link (issue 27): the link has no account, so the row's
 * actor is the link itself (role `courier_link`, no user) and its subject the store order it belongs to.
 * Written with the transaction that made the change, like every other row.
 */
export async function recordCourierLinkAudit(
  tx: DatabaseOrTransaction,
  event: { storeId: number; storeOrderNumber: string; action: string; detail?: Record<string, unknown> },
): Promise<void> {
  await insertAuditEvent(tx, {
    actorUserId: null,
    actorRole: 'courier_link',
    storeId: event.storeId,
    action: event.action,
    subject: `store_order:${event.storeOrderNumber}`,
    detail: event.detail ?? {},
  });
}

/**
 * The newest `limit` audit rows about one subject ('setting:free_shipping_threshold'), for a history shown
 * beside the thing itself (decision 048: a setting's history is its audit trail).
 */
export async function auditHistoryOf(db: DatabaseOrTransaction, subject: string, limit: number) {
  return listAuditEventsForSubject(db, subject, limit);
}
