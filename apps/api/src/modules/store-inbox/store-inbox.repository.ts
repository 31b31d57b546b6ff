import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { pushOutbox, pushSubscriptions, serverKeys } from '../../db/schema/fulfilment.ts';
import { type BeneficiarySnapshot, orderGroups, orderLines, storeOrders } from '../../db/schema/orders.ts';
import { storeMembers } from '../../db/schema/staff.ts';
import { type JobBacklog, selectBacklog } from '../../jobs/job-backlog.sql.ts';
import { visibleToStore } from '../order-status/visible-to-store.sql.ts';

export interface InboxStatusRow {
  status: string;
  count: number;
  /** Orders of this status nobody opened yet. */
  unseen: number;
  /** The newest change and the newest opening, as text: what the inbox's ETag is made of. */
  lastUpdated: string | null;
  lastSeen: string | null;
}

/**
 * The store's visible orders counted by status, with the newest change and opening of each: one query over
 * the (store, status) index, cheap enough to answer a phone polling every few seconds.
 */
export async function readInboxState(db: Database, storeId: number): Promise<InboxStatusRow[]> {
  return db
    .select({
      status: storeOrders.status,
      count: sql<number>`count(*)::int`,
      unseen: sql<number>`(count(*) filter (where ${storeOrders.seenAt} is null))::int`,
      lastUpdated: sql<string | null>`max(${storeOrders.updatedAt})::text`,
      lastSeen: sql<string | null>`max(${storeOrders.seenAt})::text`,
    })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .where(and(eq(storeOrders.storeId, storeId), visibleToStore))
    .groupBy(storeOrders.status)
    .orderBy(asc(storeOrders.status));
}

/** A line of one of the store's visible orders, with what marking it unavailable needs. */
export interface LineTarget {
  storeOrderId: number;
  storeOrderNumber: string;
  storeName: string;
  status: string;
  groupId: number;
  groupNumber: string;
  beneficiary: BeneficiarySnapshot;
  remitterEmail: string;
  remitterFirstName: string;
  lineId: number;
  productId: number | null;
  name: string;
  quantity: number;
  totalUsd: string;
  discount: string;
  substitution: string;
  availableQuantity: number | null;
}

const lineTargetColumns = {
  storeOrderId: storeOrders.id,
  storeOrderNumber: storeOrders.number,
  storeName: storeOrders.storeName,
  status: storeOrders.status,
  groupId: orderGroups.id,
  groupNumber: orderGroups.number,
  beneficiary: orderGroups.beneficiary,
  remitterEmail: users.email,
  remitterFirstName: users.firstName,
  lineId: orderLines.id,
  productId: orderLines.productId,
  name: orderLines.name,
  quantity: orderLines.quantity,
  totalUsd: orderLines.totalUsd,
  discount: orderLines.discount,
  substitution: orderLines.substitution,
  availableQuantity: orderLines.availableQuantity,
};

function lineTargetQuery(db: DatabaseOrTransaction, storeId: number, number: string, lineId: number) {
  return db
    .select(lineTargetColumns)
    .from(orderLines)
    .innerJoin(storeOrders, eq(storeOrders.id, orderLines.storeOrderId))
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .innerJoin(users, eq(users.id, orderGroups.remitterId))
    .where(
      and(
        eq(orderLines.id, lineId),
        eq(storeOrders.storeId, storeId),
        eq(storeOrders.number, number),
        visibleToStore,
      ),
    );
}

export async function findLineTarget(
  db: DatabaseOrTransaction,
  storeId: number,
  number: string,
  lineId: number,
): Promise<LineTarget | undefined> {
  const [row] = await lineTargetQuery(db, storeId, number, lineId);
  return row;
}

/**
 * The same, locking the store order's row for the rest of the transaction: a status change (its
 * compare-and-set updates that row) and another marking of a line wait for this one, then see its result.
 */
export async function lockLineTarget(
  tx: DatabaseOrTransaction,
  storeId: number,
  number: string,
  lineId: number,
): Promise<LineTarget | undefined> {
  const [row] = await lineTargetQuery(tx, storeId, number, lineId).for('update', { of: storeOrders });
  return row;
}

/** What the members of the stores of newly paid store orders are told, with where to reach them. */
export interface PaidStoreOrderNotice {
  storeOrderId: number;
  number: string;
  storeName: string;
  delivery: string;
  deliveryFrom: string;
  deliveryTo: string;
  /** The delivery window (decision 065); null on a pick-up or an older order. */
  windowStartsAt: string | Date | null;
  windowEndsAt: string | Date | null;
  beneficiaryFirstName: string;
  cityName: string;
  lineCount: number;
  unitCount: number;
  total: string;
  members: Array<{ email: string; firstName: string; userId: number }>;
  subscriptionIds: number[];
}

/** The store orders with their stores' members and those members' push subscriptions: one query. */
export async function listPaidStoreOrderNotices(
  tx: DatabaseOrTransaction,
  storeOrderIds: readonly number[],
): Promise<PaidStoreOrderNotice[]> {
  if (storeOrderIds.length === 0) return [];
  const result = await tx.execute(sql`
    select so.id as "storeOrderId", so.number, so.store_name as "storeName", g.delivery,
      g.delivery_from as "deliveryFrom", g.delivery_to as "deliveryTo",
      so.window_starts_at as "windowStartsAt", so.window_ends_at as "windowEndsAt",
      g.beneficiary->>'firstName' as "beneficiaryFirstName", g.beneficiary->>'cityName' as "cityName",
      so.total::text as total,
      (select count(*)::int from ${orderLines} l where l.store_order_id = so.id) as "lineCount",
      (select coalesce(sum(l.quantity), 0)::int from ${orderLines} l where l.store_order_id = so.id) as "unitCount",
      coalesce((
        select json_agg(json_build_object('email', u.email, 'firstName', u.first_name, 'userId', u.id) order by u.id)
        from ${storeMembers} m join ${users} u on u.id = m.user_id where m.store_id = so.store_id
      ), '[]'::json) as members,
      coalesce((
        select json_agg(ps.id order by ps.id)
        from ${storeMembers} m join ${pushSubscriptions} ps on ps.user_id = m.user_id
        where m.store_id = so.store_id and ps.audience = 'staff'
      ), '[]'::json) as "subscriptionIds"
    from ${storeOrders} so join ${orderGroups} g on g.id = so.group_id
    where so.id in (${sql.join(
      storeOrderIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by so.id
  `);
  return (result as unknown as { rows: PaidStoreOrderNotice[] }).rows.map((row) => ({
    ...row,
    storeOrderId: Number(row.storeOrderId),
  }));
}

export async function insertPushMessages(
  tx: DatabaseOrTransaction,
  messages: ReadonlyArray<{ subscriptionId: number; payload: unknown }>,
): Promise<void> {
  if (messages.length === 0) return;
  await tx.insert(pushOutbox).values(messages.map((message) => ({ ...message })));
}

/**
 * The user's browser, registered again (a new key after the browser renewed it) or for the first time.
 * Answers false, changing nothing, when another user holds the endpoint: it never changes hands.
 */
export async function upsertPushSubscription(
  db: Database,
  entry: { userId: number; endpoint: string; p256dh: string; auth: string; audience?: PushAudience },
): Promise<boolean> {
  const rows = await db
    .insert(pushSubscriptions)
    .values(entry)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: entry.p256dh, auth: entry.auth, audience: entry.audience ?? 'staff' },
      setWhere: eq(pushSubscriptions.userId, entry.userId),
    })
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function deletePushSubscriptionOf(
  db: Database,
  userId: number,
  endpoint: string,
  audience: PushAudience = 'staff',
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        eq(pushSubscriptions.endpoint, endpoint),
        eq(pushSubscriptions.audience, audience),
      ),
    );
}

/** Which app's service worker holds a subscription (decision 073). */
export type PushAudience = 'staff' | 'shopper';

/** The shopper's own browsers that asked for pushes about their orders (decision 073). */
export async function listShopperSubscriptionIds(
  db: DatabaseOrTransaction,
  userId: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.audience, 'shopper')))
    .orderBy(asc(pushSubscriptions.id));
  return rows.map((row) => row.id);
}

/** Whether the shopper's browser with that endpoint is subscribed (the opt-in shows 'Activado'). */
export async function hasShopperSubscription(
  db: Database,
  userId: number,
  endpoint: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        eq(pushSubscriptions.endpoint, endpoint),
        eq(pushSubscriptions.audience, 'shopper'),
      ),
    );
  return row !== undefined;
}

/** Every subscription of the user (account deletion). */
export async function deletePushSubscriptionsOf(db: DatabaseOrTransaction, userId: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function deletePushSubscription(db: Database, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export interface ClaimedPush {
  id: number;
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: unknown;
  attempts: number;
}

/**
 * Gives back rows this worker claimed and never started (it is stopping: SIGTERM, issue 27), so another
 * instance sends them at its next poll instead of when the lease runs out.
 */
export async function releasePushLeases(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pushOutbox)
    .set({ lockedUntil: null })
    .where(and(inArray(pushOutbox.id, [...ids]), eq(pushOutbox.status, 'pending')));
}

/** Leases due push messages like the e-mail outbox does (for update skip locked + a lease). */
export async function claimDuePushes(
  db: Database,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedPush[]> {
  const due = db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .where(
      and(
        eq(pushOutbox.status, 'pending'),
        lte(pushOutbox.nextAttemptAt, sql`now()`),
        or(isNull(pushOutbox.lockedUntil), lt(pushOutbox.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(pushOutbox.nextAttemptAt), asc(pushOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(pushOutbox)
    .set({ lockedUntil: sql`now() + ${leaseSeconds}::integer * interval '1 second'` })
    .where(inArray(pushOutbox.id, due))
    .returning({ id: pushOutbox.id });
  if (claimed.length === 0) return [];
  const rows = await db
    .select({
      id: pushOutbox.id,
      subscriptionId: pushOutbox.subscriptionId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      payload: pushOutbox.payload,
      attempts: pushOutbox.attempts,
    })
    .from(pushOutbox)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
    .where(
      inArray(
        pushOutbox.id,
        claimed.map((row) => row.id),
      ),
    );
  return rows.sort((a, b) => a.id - b.id);
}

export async function markPushSent(db: Database, id: number): Promise<void> {
  await db
    .update(pushOutbox)
    .set({ status: 'sent', attempts: sql`${pushOutbox.attempts} + 1`, sentAt: sql`now()`, lockedUntil: null })
    .where(eq(pushOutbox.id, id));
}

/** A failed attempt: pending again after `retryInSeconds`, or failed for good when `retryInSeconds` is null. */
export async function recordPushFailure(
  db: Database,
  id: number,
  error: string,
  retryInSeconds: number | null,
): Promise<void> {
  await db
    .update(pushOutbox)
    .set({
      status: retryInSeconds === null ? 'failed' : 'pending',
      attempts: sql`${pushOutbox.attempts} + 1`,
      lastError: error.slice(0, 1000),
      nextAttemptAt:
        retryInSeconds === null ? sql`now()` : sql`now() + ${retryInSeconds}::integer * interval '1 second'`,
      lockedUntil: null,
    })
    .where(eq(pushOutbox.id, id));
}

/** A key pair made once: the first instance's insert wins, every instance then reads the same value. */
export async function keepServerKey<T>(db: Database, name: string, candidate: T): Promise<T> {
  await db.insert(serverKeys).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db
    .select({ value: serverKeys.value })
    .from(serverKeys)
    .where(eq(serverKeys.name, name));
  if (!row) throw new Error(`server key ${name} vanished`);
  return row.value as T;
}

/** Push messages waiting to be sent, for /metrics. */
export function selectPushBacklog(db: Database): Promise<JobBacklog> {
  return selectBacklog(db, pushOutbox, pushOutbox.createdAt, eq(pushOutbox.status, 'pending'));
}
