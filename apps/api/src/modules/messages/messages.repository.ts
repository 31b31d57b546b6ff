import {
  MESSAGE_STATUS_RANK,
  MESSAGE_STATUSES,
  type MessageChannel,
  type MessageStatus,
} from '@mandado/shared/order-messages';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { messageOptOuts, messageOutbox } from '../../db/schema/messages.ts';
import { type BeneficiarySnapshot, orderGroups, storeOrders } from '../../db/schema/orders.ts';
import { type JobBacklog, selectBacklog } from '../../jobs/job-backlog.sql.ts';

/** What a message about a store order is written from (read in the caller's transaction). */
export interface OrderMessageFacts {
  storeOrderId: number;
  number: string;
  storeName: string;
  storeAddress: string;
  deliveryCode: string;
  receivedBy: string | null;
  groupId: number;
  groupNumber: string;
  delivery: string;
  deliveryFrom: string;
  deliveryTo: string;
  windowStartsAt: Date | null;
  windowEndsAt: Date | null;
  trackingToken: string;
  beneficiary: BeneficiarySnapshot;
  pickupName: string | null;
  pickupPhone: string | null;
  remitterFirstName: string;
  remitterPhone: string;
}

/** The store order by its id, or by its number (MV-10234-1) where the caller only has that (a refund). */
export async function findOrderMessageFacts(
  db: DatabaseOrTransaction,
  storeOrder: number | string,
): Promise<OrderMessageFacts | undefined> {
  const [row] = await db
    .select({
      storeOrderId: storeOrders.id,
      number: storeOrders.number,
      storeName: storeOrders.storeName,
      storeAddress: storeOrders.storeAddress,
      deliveryCode: storeOrders.deliveryCode,
      receivedBy: storeOrders.receivedBy,
      groupId: orderGroups.id,
      groupNumber: orderGroups.number,
      delivery: orderGroups.delivery,
      deliveryFrom: orderGroups.deliveryFrom,
      deliveryTo: orderGroups.deliveryTo,
      windowStartsAt: storeOrders.windowStartsAt,
      windowEndsAt: storeOrders.windowEndsAt,
      trackingToken: orderGroups.trackingToken,
      beneficiary: orderGroups.beneficiary,
      pickupName: orderGroups.pickupName,
      pickupPhone: orderGroups.pickupPhone,
      remitterFirstName: users.firstName,
      remitterPhone: users.phoneE164,
    })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .innerJoin(users, eq(users.id, orderGroups.remitterId))
    .where(
      typeof storeOrder === 'number' ? eq(storeOrders.id, storeOrder) : eq(storeOrders.number, storeOrder),
    );
  return row;
}

export interface NewMessage {
  groupId: number;
  storeOrderId: number;
  kind: string;
  audience: string;
  toPhone: string;
  params: Record<string, unknown>;
  nextAttemptAt: Date;
  deferredReason: string | null;
}

export async function insertMessages(db: DatabaseOrTransaction, rows: readonly NewMessage[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(messageOutbox).values([...rows]);
}

export interface ClaimedMessage {
  id: number;
  kind: string;
  audience: string;
  toPhone: string;
  params: Record<string, unknown>;
  attempts: number;
}

/**
 * Leases up to `limit` messages due at `now` (the job's clock, so a test can stand at 08:01 in Montevideo):
 * `for update skip locked` and the lease keep two instances off the same row, as the e-mail outbox does.
 */
export async function claimDueMessages(
  db: Database,
  limit: number,
  now: Date,
  leaseSeconds: number,
): Promise<ClaimedMessage[]> {
  const due = db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(
      and(
        eq(messageOutbox.status, 'pending'),
        lte(messageOutbox.nextAttemptAt, now),
        or(isNull(messageOutbox.lockedUntil), lt(messageOutbox.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(messageOutbox.nextAttemptAt), asc(messageOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(messageOutbox)
    .set({ lockedUntil: sql`now() + ${leaseSeconds}::integer * interval '1 second'` })
    .where(inArray(messageOutbox.id, due))
    .returning({
      id: messageOutbox.id,
      kind: messageOutbox.kind,
      audience: messageOutbox.audience,
      toPhone: messageOutbox.toPhone,
      params: messageOutbox.params,
      attempts: messageOutbox.attempts,
    });
  return rows.sort((a, b) => a.id - b.id);
}

/** The message left: handed to the provider (with its id) or written to the log. */
export async function markMessageSent(
  db: Database,
  id: number,
  sent: { channel: MessageChannel; status: 'sent' | 'captured'; providerMessageId: string | null },
): Promise<void> {
  await db
    .update(messageOutbox)
    .set({
      channel: sent.channel,
      status: sent.status,
      providerMessageId: sent.providerMessageId,
      attempts: sql`${messageOutbox.attempts} + 1`,
      deferredReason: null,
      sentAt: sql`now()`,
      statusAt: sql`now()`,
      lockedUntil: null,
      lastError: null,
    })
    .where(eq(messageOutbox.id, id));
}

/** Not sent, and never will be: the number opted out on this channel. */
export async function markMessageOptedOut(db: Database, id: number, channel: MessageChannel): Promise<void> {
  await db
    .update(messageOutbox)
    .set({ channel, status: 'opted_out', statusAt: sql`now()`, lockedUntil: null, deferredReason: null })
    .where(eq(messageOutbox.id, id));
}

/** A retry that came due in quiet hours waits for the morning without counting as an attempt. */
export async function deferMessage(db: Database, id: number, until: Date): Promise<void> {
  await db
    .update(messageOutbox)
    .set({ nextAttemptAt: until, deferredReason: 'quiet_hours', lockedUntil: null })
    .where(eq(messageOutbox.id, id));
}

/** A failed attempt: due again after `retryInSeconds`, or failed for good. */
export async function recordMessageFailure(
  db: Database,
  id: number,
  failure: { error: string; retryInSeconds: number; giveUp: boolean; channel: MessageChannel },
): Promise<void> {
  await db
    .update(messageOutbox)
    .set({
      attempts: sql`${messageOutbox.attempts} + 1`,
      lastError: failure.error.slice(0, 1000),
      channel: failure.channel,
      nextAttemptAt: sql`now() + ${failure.retryInSeconds}::integer * interval '1 second'`,
      lockedUntil: null,
      ...(failure.giveUp ? { status: 'failed', statusAt: sql`now()` } : {}),
    })
    .where(eq(messageOutbox.id, id));
}

export async function releaseMessageLeases(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(messageOutbox)
    .set({ lockedUntil: null })
    .where(and(inArray(messageOutbox.id, [...ids]), eq(messageOutbox.status, 'pending')));
}

/**
 * A provider's callback: the message named by its id moves to `status` only if that is further on (a
 * 'delivered' arriving after 'read' changes nothing). Answers whether a row moved.
 */
export async function advanceMessageStatus(
  db: Database,
  providerMessageId: string,
  status: MessageStatus,
  error: string | null,
): Promise<boolean> {
  const before = MESSAGE_STATUSES.filter(
    (known) => MESSAGE_STATUS_RANK[known] < MESSAGE_STATUS_RANK[status] && known !== 'pending',
  );
  const moved = await db
    .update(messageOutbox)
    .set({ status, statusAt: sql`now()`, ...(error ? { lastError: error.slice(0, 1000) } : {}) })
    .where(and(eq(messageOutbox.providerMessageId, providerMessageId), inArray(messageOutbox.status, before)))
    .returning({ id: messageOutbox.id });
  return moved.length > 0;
}

export async function isOptedOut(db: Database, phone: string, channel: MessageChannel): Promise<boolean> {
  const [row] = await db
    .select({ phone: messageOptOuts.phone })
    .from(messageOptOuts)
    .where(and(eq(messageOptOuts.phone, phone), eq(messageOptOuts.channel, channel)));
  return row !== undefined;
}

export async function insertOptOut(
  db: Database,
  phone: string,
  channel: MessageChannel,
  reply: string,
): Promise<void> {
  await db.insert(messageOptOuts).values({ phone, channel, reply }).onConflictDoNothing();
}

export async function deleteOptOut(db: Database, phone: string, channel: MessageChannel): Promise<void> {
  await db
    .delete(messageOptOuts)
    .where(and(eq(messageOptOuts.phone, phone), eq(messageOptOuts.channel, channel)));
}

export interface MessageEventRow {
  id: number;
  kind: string;
  audience: string;
  toPhone: string;
  channel: string | null;
  status: string;
  deferredReason: string | null;
  createdAt: Date;
  statusAt: Date | null;
  storeOrderNumber: string | null;
}

/** An order group's messages, oldest first, for the back office's timeline. */
export function listGroupMessages(db: Database, groupId: number): Promise<MessageEventRow[]> {
  return db
    .select({
      id: messageOutbox.id,
      kind: messageOutbox.kind,
      audience: messageOutbox.audience,
      toPhone: messageOutbox.toPhone,
      channel: messageOutbox.channel,
      status: messageOutbox.status,
      deferredReason: messageOutbox.deferredReason,
      createdAt: messageOutbox.createdAt,
      statusAt: messageOutbox.statusAt,
      storeOrderNumber: storeOrders.number,
    })
    .from(messageOutbox)
    .leftJoin(storeOrders, eq(storeOrders.id, messageOutbox.storeOrderId))
    .where(eq(messageOutbox.groupId, groupId))
    .orderBy(asc(messageOutbox.createdAt), asc(messageOutbox.id));
}

/** Messages waiting to leave, for /metrics. */
export function selectMessageBacklog(db: Database): Promise<JobBacklog> {
  return selectBacklog(db, messageOutbox, messageOutbox.createdAt, eq(messageOutbox.status, 'pending'));
}
