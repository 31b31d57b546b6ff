import { OPEN_STORE_ORDER_STATUSES } from '@mandado/shared/order-lateness';
import { and, asc, desc, eq, exists, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { orderNotes } from '../../db/schema/back-office.ts';
import { deliveryAttempts } from '../../db/schema/fulfilment.ts';
import { emailOutbox } from '../../db/schema/mail.ts';
import { orderGroups, orderLines, storeOrderHistory, storeOrders } from '../../db/schema/orders.ts';
import { exactInstant, type KeysetPosition, olderThan } from '../../keyset-cursor.ts';
import { storeHoldsHealthData } from '../stores/health-data.sql.ts';

/**
 * The back office's order reads (issue 19): the list with its filters, one group with everything its
 * timeline merges, and the notes operators write. The list and the detail each cost a fixed number of
 * queries, whatever the number of orders, store orders or lines.
 */

/** The filters as the service resolved them: instants for the Montevideo days, a bound for 'late'. */
export interface OrderListFilters {
  paymentStatus?: string | undefined;
  storeOrderStatus?: string | undefined;
  method?: string | undefined;
  storeId?: number | undefined;
  country?: string | undefined;
  createdFrom?: Date | undefined;
  createdBefore?: Date | undefined;
  /** true: a store order paid before this instant and still open; false: none such. */
  late?: { paidBefore: Date; windowEndedBefore: Date; wanted: boolean } | undefined;
  /** Folded (lowercase, no accents) search text. */
  q?: string | undefined;
}

/** Keyset position: the last row's exact created_at (text, microseconds) and id. */
export interface GroupListRow {
  id: number;
  number: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  total: string;
  country: string;
  createdAt: Date;
  /** created_at with its microseconds, for the next cursor. */
  cursorAt: string;
  paidAt: Date | null;
  beneficiaryFirstName: string;
  beneficiaryLastName: string;
  remitterEmail: string;
  remitterFirstName: string;
  remitterLastName: string;
}

/** Escapes LIKE's wildcards so a search for '50%' finds '50%' and not everything. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function storeOrderMatch(filters: OrderListFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.storeOrderStatus) conditions.push(eq(storeOrders.status, filters.storeOrderStatus));
  if (filters.storeId !== undefined) conditions.push(eq(storeOrders.storeId, filters.storeId));
  if (conditions.length === 0) return undefined;
  return and(...conditions);
}

/**
 * 'Late' as SQL (order-lateness.ts): the group is paid and one of its store orders is still open past its
 * window's end, or, without a window, the group was paid before the bound.
 */
function lateCondition(bounds: { paidBefore: Date; windowEndedBefore: Date }): SQL {
  return sql`(${orderGroups.paymentStatus} = 'paid' and exists (
    select 1 from ${storeOrders} so_late where so_late.group_id = ${orderGroups.id}
      and so_late.status in (${sql.join(
        OPEN_STORE_ORDER_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
      and (so_late.window_ends_at < ${bounds.windowEndedBefore.toISOString()}::timestamptz
        or (so_late.window_ends_at is null and ${orderGroups.paidAt} < ${bounds.paidBefore.toISOString()}::timestamptz))))`;
}

function whereOf(
  db: DatabaseOrTransaction,
  filters: OrderListFilters,
  cursor: KeysetPosition | null,
): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (filters.paymentStatus) conditions.push(eq(orderGroups.paymentStatus, filters.paymentStatus));
  if (filters.method) conditions.push(eq(orderGroups.paymentMethod, filters.method));
  if (filters.country) conditions.push(eq(orderGroups.country, filters.country));
  if (filters.createdFrom) conditions.push(gte(orderGroups.createdAt, filters.createdFrom));
  if (filters.createdBefore) conditions.push(lt(orderGroups.createdAt, filters.createdBefore));
  const storeMatch = storeOrderMatch(filters);
  if (storeMatch) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(storeOrders)
          .where(and(eq(storeOrders.groupId, orderGroups.id), storeMatch)),
      ),
    );
  }
  if (filters.late) {
    const late = lateCondition(filters.late);
    conditions.push(filters.late.wanted ? late : sql`not ${late}`);
  }
  if (filters.q) {
    const pattern = `%${likeEscape(filters.q)}%`;
    const numberPrefix = `${likeEscape(filters.q.toUpperCase())}%`;
    conditions.push(
      or(
        // An order number (MV-10234) or a store order's (MV-10234-1): the group.
        sql`${orderGroups.number} like ${numberPrefix}`,
        sql`${filters.q.toUpperCase()} like ${orderGroups.number} || '-%'`,
        sql`${users.email} like ${pattern}`,
        sql`search_normalize(coalesce(${orderGroups.beneficiary}->>'firstName', '') || ' ' || coalesce(${orderGroups.beneficiary}->>'lastName', '')) like ${pattern}`,
      ),
    );
  }
  if (cursor) {
    conditions.push(olderThan(orderGroups.createdAt, orderGroups.id, cursor));
  }
  return and(...conditions);
}

/** A page of groups, newest first (one query; `limit` + 1 rows tell whether another page follows). */
export async function listGroups(
  db: DatabaseOrTransaction,
  filters: OrderListFilters,
  cursor: KeysetPosition | null,
  limit: number,
): Promise<GroupListRow[]> {
  return db
    .select({
      id: orderGroups.id,
      number: orderGroups.number,
      status: orderGroups.status,
      paymentStatus: orderGroups.paymentStatus,
      paymentMethod: orderGroups.paymentMethod,
      total: orderGroups.total,
      country: orderGroups.country,
      createdAt: orderGroups.createdAt,
      cursorAt: exactInstant(orderGroups.createdAt),
      paidAt: orderGroups.paidAt,
      beneficiaryFirstName: sql<string>`coalesce(${orderGroups.beneficiary}->>'firstName', '')`,
      beneficiaryLastName: sql<string>`coalesce(${orderGroups.beneficiary}->>'lastName', '')`,
      remitterEmail: users.email,
      remitterFirstName: users.firstName,
      remitterLastName: users.lastName,
    })
    .from(orderGroups)
    .innerJoin(users, eq(users.id, orderGroups.remitterId))
    .where(whereOf(db, filters, cursor))
    .orderBy(desc(orderGroups.createdAt), desc(orderGroups.id))
    .limit(limit);
}

export interface StoreOrderBriefRow {
  id: number;
  groupId: number;
  number: string;
  storeId: number;
  storeName: string;
  status: string;
  total: string;
  /** When the store was alerted again about it, unaccepted (issue 31); null: not alerted. */
  unacceptedAlertedAt: Date | null;
  /** The delivery window (decision 065), or null (a pick-up, an older order). */
  windowStartsAt: Date | null;
  windowEndsAt: Date | null;
}

/** The store orders of these groups (one query). */
export async function listStoreOrdersOfGroups(
  db: DatabaseOrTransaction,
  groupIds: readonly number[],
): Promise<StoreOrderBriefRow[]> {
  if (groupIds.length === 0) return [];
  return db
    .select({
      id: storeOrders.id,
      groupId: storeOrders.groupId,
      number: storeOrders.number,
      storeId: storeOrders.storeId,
      storeName: storeOrders.storeName,
      status: storeOrders.status,
      total: storeOrders.total,
      unacceptedAlertedAt: storeOrders.unacceptedAlertedAt,
      windowStartsAt: storeOrders.windowStartsAt,
      windowEndsAt: storeOrders.windowEndsAt,
    })
    .from(storeOrders)
    .where(inArray(storeOrders.groupId, [...groupIds]))
    .orderBy(asc(storeOrders.id));
}

// ---------------------------------------------------------------------------------------------------------
// One group

export type GroupRow = typeof orderGroups.$inferSelect & {
  remitterEmail: string;
  remitterFirstName: string;
  remitterLastName: string;
  remitterPhone: string;
};

export async function findGroupByNumber(db: DatabaseOrTransaction, number: string): Promise<GroupRow | null> {
  const [row] = await db
    .select({
      group: orderGroups,
      remitterEmail: users.email,
      remitterFirstName: users.firstName,
      remitterLastName: users.lastName,
      remitterPhone: users.phoneFormatted,
    })
    .from(orderGroups)
    .innerJoin(users, eq(users.id, orderGroups.remitterId))
    .where(eq(orderGroups.number, number));
  if (!row) return null;
  return {
    ...row.group,
    remitterEmail: row.remitterEmail,
    remitterFirstName: row.remitterFirstName,
    remitterLastName: row.remitterLastName,
    remitterPhone: row.remitterPhone,
  };
}

export type StoreOrderFullRow = typeof storeOrders.$inferSelect;
export type OrderLineFullRow = typeof orderLines.$inferSelect;

export async function listStoreOrdersFull(
  db: DatabaseOrTransaction,
  groupId: number,
): Promise<StoreOrderFullRow[]> {
  return db.select().from(storeOrders).where(eq(storeOrders.groupId, groupId)).orderBy(asc(storeOrders.id));
}

/** Every line of the group's store orders (one query, through the join). */
export async function listLinesOfGroup(
  db: DatabaseOrTransaction,
  groupId: number,
): Promise<OrderLineFullRow[]> {
  const rows = await db
    .select({ line: orderLines })
    .from(orderLines)
    .innerJoin(storeOrders, eq(storeOrders.id, orderLines.storeOrderId))
    .where(eq(storeOrders.groupId, groupId))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
  return rows.map((row) => row.line);
}

/** The numbers of the group's store orders from a pharmacy (issue 32): their lines are health data. */
export async function listHealthStoreOrderNumbers(
  db: DatabaseOrTransaction,
  groupId: number,
): Promise<string[]> {
  const rows = await db
    .select({ number: storeOrders.number })
    .from(storeOrders)
    .where(and(eq(storeOrders.groupId, groupId), storeHoldsHealthData(storeOrders.storeId)));
  return rows.map((row) => row.number);
}

const historyActor = alias(users, 'history_actor');
const attemptActor = alias(users, 'attempt_actor');
const noteAuthor = alias(users, 'note_author');

export interface HistoryEventRow {
  id: number;
  storeOrderNumber: string;
  fromStatus: string | null;
  toStatus: string;
  actorRole: string;
  actorEmail: string | null;
  reason: string;
  createdAt: Date;
}

export async function listHistoryOfGroup(
  db: DatabaseOrTransaction,
  groupId: number,
): Promise<HistoryEventRow[]> {
  return db
    .select({
      id: storeOrderHistory.id,
      storeOrderNumber: storeOrders.number,
      fromStatus: storeOrderHistory.fromStatus,
      toStatus: storeOrderHistory.toStatus,
      actorRole: storeOrderHistory.actorRole,
      actorEmail: historyActor.email,
      reason: storeOrderHistory.reason,
      createdAt: storeOrderHistory.createdAt,
    })
    .from(storeOrderHistory)
    .innerJoin(storeOrders, eq(storeOrders.id, storeOrderHistory.storeOrderId))
    .leftJoin(historyActor, eq(historyActor.id, storeOrderHistory.actorUserId))
    .where(eq(storeOrders.groupId, groupId))
    .orderBy(asc(storeOrderHistory.createdAt), asc(storeOrderHistory.id));
}

export interface AttemptEventRow {
  id: number;
  storeOrderNumber: string;
  reason: string;
  note: string;
  actorRole: string;
  actorEmail: string | null;
  createdAt: Date;
}

export async function listAttemptsOfGroup(
  db: DatabaseOrTransaction,
  groupId: number,
): Promise<AttemptEventRow[]> {
  return db
    .select({
      id: deliveryAttempts.id,
      storeOrderNumber: storeOrders.number,
      reason: deliveryAttempts.reason,
      note: deliveryAttempts.note,
      actorRole: deliveryAttempts.actorRole,
      actorEmail: attemptActor.email,
      createdAt: deliveryAttempts.createdAt,
    })
    .from(deliveryAttempts)
    .innerJoin(storeOrders, eq(storeOrders.id, deliveryAttempts.storeOrderId))
    .leftJoin(attemptActor, eq(attemptActor.id, deliveryAttempts.actorUserId))
    .where(eq(storeOrders.groupId, groupId))
    .orderBy(asc(deliveryAttempts.createdAt), asc(deliveryAttempts.id));
}

export interface EmailEventRow {
  id: number;
  kind: string | null;
  to: string;
  subject: string;
  status: string;
  createdAt: Date;
  sentAt: Date | null;
}

/** The e-mails about the group (tagged with it when enqueued), oldest first. */
export async function listEmailsOfGroup(
  db: DatabaseOrTransaction,
  groupId: number,
): Promise<EmailEventRow[]> {
  return db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.groupId, groupId))
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
}

export interface NoteRow {
  id: number;
  storeOrderNumber: string | null;
  authorEmail: string | null;
  body: string;
  createdAt: Date;
}

export async function listNotesOfGroup(db: DatabaseOrTransaction, groupId: number): Promise<NoteRow[]> {
  return db
    .select({
      id: orderNotes.id,
      storeOrderNumber: storeOrders.number,
      authorEmail: noteAuthor.email,
      body: orderNotes.body,
      createdAt: orderNotes.createdAt,
    })
    .from(orderNotes)
    .leftJoin(storeOrders, eq(storeOrders.id, orderNotes.storeOrderId))
    .leftJoin(noteAuthor, eq(noteAuthor.id, orderNotes.authorUserId))
    .where(eq(orderNotes.groupId, groupId))
    .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
}

export async function insertOrderNote(
  tx: DatabaseOrTransaction,
  note: { groupId: number; storeOrderId: number | null; authorUserId: number; body: string },
): Promise<number> {
  const [row] = await tx.insert(orderNotes).values(note).returning({ id: orderNotes.id });
  if (!row) throw new Error('order note not stored');
  return row.id;
}

/** The group's store order by its number, or null when it is not one of the group's. */
export async function findStoreOrderOfGroup(
  db: DatabaseOrTransaction,
  groupId: number,
  number: string,
): Promise<{ id: number; storeId: number } | null> {
  const [row] = await db
    .select({ id: storeOrders.id, storeId: storeOrders.storeId })
    .from(storeOrders)
    .where(and(eq(storeOrders.groupId, groupId), eq(storeOrders.number, number)));
  return row ?? null;
}
