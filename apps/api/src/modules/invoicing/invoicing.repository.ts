import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { stores } from '../../db/schema/catalog.ts';
import { refunds } from '../../db/schema/fulfilment.ts';
import { type FiscalDocumentLine, fiscalDocuments } from '../../db/schema/invoicing.ts';
import { orderGroups, orderLines, storeOrders } from '../../db/schema/orders.ts';
import { storeStatementPayments } from '../../db/schema/staff.ts';
import { type JobBacklog, selectBacklog } from '../../jobs/job-backlog.sql.ts';

const CAUSE_WINDOW_DAYS = 14;
const STATEMENT_WINDOW_DAYS = 60;

/**
 * Writes a pending fiscal document for every cause that lacks one (decision 071), one statement per kind, each
 * `on conflict do nothing` on `source_key`: several instances may run it at once and a cause gets one row.
 * Causes: a paid store order with goods (the store's e-Ticket) and with shipping (Mandado's e-Ticket), a
 * refund that succeeded (the store's credit note for its goods part, Mandado's for its shipping part: the
 * builder voids the one with nothing to credit), a weekly statement marked paid (Mandado's e-Factura).
 * Only recent causes are looked at (CAUSE_WINDOW_DAYS; statements STATEMENT_WINDOW_DAYS): a pass every minute
 * never lets one age past that, and the scan stays the size of a fortnight, not of the whole history (nor
 * does switching the job on document years of old orders).
 */
export async function enqueueMissingDocuments(db: Database): Promise<void> {
  await Promise.all([
    db.execute(sql`
      insert into ${fiscalDocuments} (source_key, kind, issuer, store_id, store_order_id)
      select 'sale:' || so.id, 'sale', 'store', so.store_id, so.id
      from ${storeOrders} so join ${orderGroups} g on g.id = so.group_id
      where g.paid_at > now() - ${CAUSE_WINDOW_DAYS}::integer * interval '1 day' and so.subtotal > so.discount
      on conflict (source_key) do nothing`),
    db.execute(sql`
      insert into ${fiscalDocuments} (source_key, kind, issuer, store_id, store_order_id)
      select 'shipping:' || so.id, 'shipping', 'mandado', so.store_id, so.id
      from ${storeOrders} so join ${orderGroups} g on g.id = so.group_id
      where g.paid_at > now() - ${CAUSE_WINDOW_DAYS}::integer * interval '1 day' and so.shipping > 0
      on conflict (source_key) do nothing`),
    db.execute(sql`
      insert into ${fiscalDocuments} (source_key, kind, issuer, store_id, store_order_id, refund_id)
      select 'credit-note:' || r.id, 'sale_credit_note', 'store', so.store_id, so.id, r.id
      from ${refunds} r join ${storeOrders} so on so.id = r.store_order_id
      where r.status = 'succeeded'
        and coalesce(r.settled_at, r.created_at) > now() - ${CAUSE_WINDOW_DAYS}::integer * interval '1 day'
      on conflict (source_key) do nothing`),
    db.execute(sql`
      insert into ${fiscalDocuments} (source_key, kind, issuer, store_id, store_order_id, refund_id)
      select 'shipping-credit-note:' || r.id, 'shipping_credit_note', 'mandado', so.store_id, so.id, r.id
      from ${refunds} r join ${storeOrders} so on so.id = r.store_order_id
      where r.status = 'succeeded' and so.shipping > 0
        and coalesce(r.settled_at, r.created_at) > now() - ${CAUSE_WINDOW_DAYS}::integer * interval '1 day'
      on conflict (source_key) do nothing`),
    // Decision 078: a refund of a delivered order whose week's commission e-Factura was issued before it
    // lowers that commission: Mandado's credit note of the e-Factura, one per refund (returns' refunds too).
    // The week is the statement's (Monday, Montevideo's clock: UTC−3 all year, as statements.ts counts it).
    db.execute(sql`
      insert into ${fiscalDocuments} (source_key, kind, issuer, store_id, store_order_id, refund_id, week_start)
      select 'commission-credit-note:' || r.id, 'commission_credit_note', 'mandado', so.store_id, so.id, r.id, inv.week_start
      from ${refunds} r
      join ${storeOrders} so on so.id = r.store_order_id
      join ${fiscalDocuments} inv on inv.kind = 'commission' and inv.store_id = so.store_id
        and inv.week_start = date_trunc('week', (so.delivered_at at time zone 'UTC') - interval '3 hours')::date
      where r.status = 'succeeded' and so.status = 'delivered'
        and inv.status = 'issued' and inv.issued_at < coalesce(r.settled_at, r.created_at)
        and coalesce(r.settled_at, r.created_at) > now() - ${CAUSE_WINDOW_DAYS}::integer * interval '1 day'
      on conflict (source_key) do nothing`),
    db.execute(sql`
      insert into ${fiscalDocuments} (source_key, kind, issuer, store_id, week_start)
      select 'commission:' || p.store_id || ':' || p.week_start::text, 'commission', 'mandado', p.store_id, p.week_start
      from ${storeStatementPayments} p
      where p.paid_at > now() - ${STATEMENT_WINDOW_DAYS}::integer * interval '1 day'
      on conflict (source_key) do nothing`),
  ]);
}

export type ClaimedDocument = Pick<
  typeof fiscalDocuments.$inferSelect,
  'id' | 'sourceKey' | 'kind' | 'issuer' | 'storeId' | 'storeOrderId' | 'refundId' | 'weekStart' | 'attempts'
>;

/** Leases up to `limit` due pending documents (the refunds' claim): no other instance takes them meanwhile. */
export async function claimDueDocuments(
  db: Database,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedDocument[]> {
  const due = db
    .select({ id: fiscalDocuments.id })
    .from(fiscalDocuments)
    .where(
      and(
        eq(fiscalDocuments.status, 'pending'),
        lte(fiscalDocuments.nextAttemptAt, sql`now()`),
        or(isNull(fiscalDocuments.lockedUntil), lt(fiscalDocuments.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(fiscalDocuments.nextAttemptAt), asc(fiscalDocuments.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(fiscalDocuments)
    .set({ lockedUntil: sql`now() + ${leaseSeconds}::integer * interval '1 second'` })
    .where(inArray(fiscalDocuments.id, due))
    .returning({
      id: fiscalDocuments.id,
      sourceKey: fiscalDocuments.sourceKey,
      kind: fiscalDocuments.kind,
      issuer: fiscalDocuments.issuer,
      storeId: fiscalDocuments.storeId,
      storeOrderId: fiscalDocuments.storeOrderId,
      refundId: fiscalDocuments.refundId,
      weekStart: fiscalDocuments.weekStart,
      attempts: fiscalDocuments.attempts,
    });
  // Sales first: a credit note waits for the e-Ticket it corrects.
  return claimed.sort((a, b) => a.id - b.id);
}

export interface IssuedDocumentRecord {
  cfeType: number;
  series: string;
  number: number;
  provider: string;
  test: boolean;
  providerRef: string;
  currency: string;
  total: string;
  ivaBasic: string;
  ivaMinimum: string;
  lines: FiscalDocumentLine[];
  officialUrl: string | null;
}

export async function markDocumentIssued(
  db: Database,
  id: number,
  issued: IssuedDocumentRecord,
): Promise<void> {
  await db
    .update(fiscalDocuments)
    .set({ ...issued, status: 'issued', issuedAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(and(eq(fiscalDocuments.id, id), eq(fiscalDocuments.status, 'pending')));
}

/**
 * Mandado's document while CFE_MANDADO_RUT is unset under a real provider (decision 078): what it would say is
 * kept (lines, totals), nothing is sent, and the back office warns.
 */
export async function markDocumentHeld(
  db: Database,
  id: number,
  held: Pick<
    IssuedDocumentRecord,
    'cfeType' | 'currency' | 'lines' | 'total' | 'ivaBasic' | 'ivaMinimum'
  > | null,
): Promise<void> {
  await db
    .update(fiscalDocuments)
    .set({ ...(held ?? {}), status: 'held', lockedUntil: null })
    .where(and(eq(fiscalDocuments.id, id), eq(fiscalDocuments.status, 'pending')));
}

/** Once CFE_MANDADO_RUT is set, the held documents go out on this pass. */
export async function releaseHeldDocuments(db: Database): Promise<void> {
  await db
    .update(fiscalDocuments)
    .set({ status: 'pending', nextAttemptAt: sql`now()` })
    .where(eq(fiscalDocuments.status, 'held'));
}

/** What Mandado's credit notes of a week's commission already gave back (issued ones), decimal text. */
export async function commissionCredited(db: Database, storeId: number, weekStart: string): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${fiscalDocuments.total}), 0)::text` })
    .from(fiscalDocuments)
    .where(
      and(
        eq(fiscalDocuments.kind, 'commission_credit_note'),
        eq(fiscalDocuments.storeId, storeId),
        eq(fiscalDocuments.weekStart, weekStart),
        eq(fiscalDocuments.status, 'issued'),
      ),
    );
  return row?.total ?? '0';
}

/** Nothing to document (a refund without a shipping part has no shipping credit note). */
export async function markDocumentVoid(db: Database, id: number): Promise<void> {
  await db
    .update(fiscalDocuments)
    .set({ status: 'void', lockedUntil: null })
    .where(and(eq(fiscalDocuments.id, id), eq(fiscalDocuments.status, 'pending')));
}

export async function recordDocumentFailure(
  db: Database,
  id: number,
  failure: { error: string; retryInSeconds: number; giveUp: boolean },
): Promise<void> {
  await db
    .update(fiscalDocuments)
    .set({
      attempts: sql`${fiscalDocuments.attempts} + 1`,
      lastError: failure.error.slice(0, 1000),
      status: failure.giveUp ? 'failed' : 'pending',
      nextAttemptAt: sql`now() + ${failure.retryInSeconds}::integer * interval '1 second'`,
      lockedUntil: null,
    })
    .where(eq(fiscalDocuments.id, id));
}

export async function releaseDocumentLeases(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(fiscalDocuments)
    .set({ lockedUntil: null })
    .where(and(inArray(fiscalDocuments.id, [...ids]), eq(fiscalDocuments.status, 'pending')));
}

export function selectDocumentBacklog(db: Database): Promise<JobBacklog> {
  return selectBacklog(db, fiscalDocuments, fiscalDocuments.createdAt, eq(fiscalDocuments.status, 'pending'));
}

/**
 * The issuing data of a store: its name, RUT (stores.rif holds it) and kind (the IVA rate's default).
 * The payout account's holder document may be a person's CI, not the store's RUT, so the store's own tax id (stores.rif) is read here.
 */
export async function findStoreForDocument(db: Database, storeId: number) {
  const [store] = await db
    .select({ name: stores.name, rut: stores.rif, kind: stores.kind, address: stores.addressLine1 })
    .from(stores)
    .where(eq(stores.id, storeId));
  return store ?? null;
}

/** A store order with its group's number, currency and payment, and its lines in their order. */
export async function findStoreOrderForDocument(db: Database, storeOrderId: number) {
  const [order] = await db
    .select({
      id: storeOrders.id,
      number: storeOrders.number,
      storeId: storeOrders.storeId,
      subtotal: storeOrders.subtotal,
      discount: storeOrders.discount,
      shipping: storeOrders.shipping,
      credit: storeOrders.credit,
      total: storeOrders.total,
      commissionRate: storeOrders.commissionRate,
      groupNumber: orderGroups.number,
      currency: orderGroups.currency,
      paymentMethod: orderGroups.paymentMethod,
      paymentLabel: orderGroups.paymentLabel,
      paidAt: orderGroups.paidAt,
      createdAt: storeOrders.createdAt,
    })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .where(eq(storeOrders.id, storeOrderId));
  if (!order) return null;
  const lines = await db
    .select({
      id: orderLines.id,
      name: orderLines.name,
      quantity: orderLines.quantity,
      totalUsd: orderLines.totalUsd,
      discount: orderLines.discount,
      vatRate: orderLines.vatRate,
    })
    .from(orderLines)
    .where(eq(orderLines.storeOrderId, storeOrderId))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
  return { ...order, lines };
}

export type StoreOrderForDocument = NonNullable<Awaited<ReturnType<typeof findStoreOrderForDocument>>>;

/** The remitter's own store order by its numbers; null when it is not theirs or does not exist. */
export async function findOwnStoreOrderId(
  db: Database,
  ref: { groupNumber: string; storeOrderNumber: string; remitterId: number },
): Promise<number | null> {
  const [row] = await db
    .select({ id: storeOrders.id })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .where(
      and(
        eq(orderGroups.number, ref.groupNumber),
        eq(orderGroups.remitterId, ref.remitterId),
        eq(storeOrders.number, ref.storeOrderNumber),
      ),
    );
  return row?.id ?? null;
}

export async function findRefundForDocument(db: Database, refundId: number) {
  const [refund] = await db
    .select({
      id: refunds.id,
      storeOrderId: refunds.storeOrderId,
      amount: refunds.amount,
      units: refunds.units,
      reason: refunds.reason,
      lineName: orderLines.name,
      lineQuantity: orderLines.quantity,
      lineVatRate: orderLines.vatRate,
    })
    .from(refunds)
    .leftJoin(orderLines, eq(orderLines.id, refunds.orderLineId))
    .where(eq(refunds.id, refundId));
  return refund ?? null;
}

/** What earlier succeeded refunds of the store order gave back (decimal text): they take the goods first. */
export async function refundedBefore(db: Database, storeOrderId: number, refundId: number): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amount}), 0)::text` })
    .from(refunds)
    .where(
      and(eq(refunds.storeOrderId, storeOrderId), eq(refunds.status, 'succeeded'), lt(refunds.id, refundId)),
    );
  return row?.total ?? '0';
}

/** The documents written for a store order (its sale, shipping and credit notes), oldest first. */
export function listDocumentsOfStoreOrder(db: Database, storeOrderId: number) {
  return db
    .select()
    .from(fiscalDocuments)
    .where(eq(fiscalDocuments.storeOrderId, storeOrderId))
    .orderBy(asc(fiscalDocuments.id));
}

/** The document of one cause ('sale:12'), or null. */
export async function findDocumentBySource(db: Database, sourceKey: string) {
  const [row] = await db.select().from(fiscalDocuments).where(eq(fiscalDocuments.sourceKey, sourceKey));
  return row ?? null;
}

export type FiscalDocumentRow = typeof fiscalDocuments.$inferSelect;

/** The documents an operator must look at (decision 078): failed and held, newest first, at most `limit`. */
export function listProblemDocuments(db: Database, limit: number) {
  return db
    .select({
      id: fiscalDocuments.id,
      kind: fiscalDocuments.kind,
      issuer: fiscalDocuments.issuer,
      status: fiscalDocuments.status,
      storeId: fiscalDocuments.storeId,
      storeName: stores.name,
      storeOrderNumber: storeOrders.number,
      weekStart: fiscalDocuments.weekStart,
      attempts: fiscalDocuments.attempts,
      lastError: fiscalDocuments.lastError,
      createdAt: fiscalDocuments.createdAt,
    })
    .from(fiscalDocuments)
    .innerJoin(stores, eq(stores.id, fiscalDocuments.storeId))
    .leftJoin(storeOrders, eq(storeOrders.id, fiscalDocuments.storeOrderId))
    .where(inArray(fiscalDocuments.status, ['failed', 'held']))
    .orderBy(sql`${fiscalDocuments.id} desc`)
    .limit(limit);
}

/** How many documents are failed and held: the dashboard's count and the list's header. */
export async function countProblemDocuments(db: Database): Promise<{ failed: number; held: number }> {
  const [row] = await db
    .select({
      failed: sql<number>`count(*) filter (where ${fiscalDocuments.status} = 'failed')::int`,
      held: sql<number>`count(*) filter (where ${fiscalDocuments.status} = 'held')::int`,
    })
    .from(fiscalDocuments)
    .where(inArray(fiscalDocuments.status, ['failed', 'held']));
  return { failed: Number(row?.failed ?? 0), held: Number(row?.held ?? 0) };
}

/** 'Reintentar': a failed document back to pending, due now, its attempts from zero. Null when it was not failed. */
export async function retryFailedDocument(
  tx: DatabaseOrTransaction,
  id: number,
): Promise<{ id: number; storeId: number; kind: string; lastError: string | null } | null> {
  const [row] = await tx
    .update(fiscalDocuments)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(fiscalDocuments.id, id), eq(fiscalDocuments.status, 'failed')))
    .returning({
      id: fiscalDocuments.id,
      storeId: fiscalDocuments.storeId,
      kind: fiscalDocuments.kind,
      lastError: fiscalDocuments.lastError,
    });
  return row ?? null;
}

/** A document's status, or null when there is no such document. */
export async function documentStatus(db: DatabaseOrTransaction, id: number): Promise<string | null> {
  const [row] = await db
    .select({ status: fiscalDocuments.status })
    .from(fiscalDocuments)
    .where(eq(fiscalDocuments.id, id));
  return row?.status ?? null;
}
