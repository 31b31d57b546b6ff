import {
  ADMIN_ORDERS_MESSAGES,
  type AdminOrderCancelInput,
  type AdminOrderDetail,
  type AdminOrderFilters,
  type AdminOrderList,
  type AdminOrderNoteInput,
  type AdminOrderSummary,
} from '@mandado/shared/admin-orders.schemas';
import { spreadsheetSafeCell } from '@mandado/shared/csv-cells';
import { dateTimeText } from '@mandado/shared/date-text';
import { MONTEVIDEO_OFFSET_MS } from '@mandado/shared/montevideo-time';
import { lateBounds } from '@mandado/shared/order-lateness';
import { foldText } from '@mandado/shared/text-fold';
import { stringify } from 'csv-stringify/sync';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { decodeKeyset, encodeKeyset, type KeysetPosition } from '../../keyset-cursor.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { enqueueEmail, resendGroupEmail } from '../mail/mail.service.ts';
import { listOrderMessages } from '../messages/messages.service.ts';
import { isManualMethod } from '../orders/order.presenter.ts';
import { orderCancelledEmail } from '../orders/order-emails.ts';
import { cancelUnpaidGroup } from '../orders/order-release.ts';
import { listRefundsOfGroups, refundedLinesOfGroup } from '../refunds/refunds.service.ts';
import { reserveHealthData } from './admin-order-health-data.ts';
import { presentOrderDetail, presentOrderSummary } from './admin-orders.presenter.ts';
import {
  findGroupByNumber,
  findStoreOrderOfGroup,
  type GroupRow,
  insertOrderNote,
  listAttemptsOfGroup,
  listEmailsOfGroup,
  listGroups,
  listHealthStoreOrderNumbers,
  listHistoryOfGroup,
  listLinesOfGroup,
  listNotesOfGroup,
  listStoreOrdersFull,
  listStoreOrdersOfGroups,
  type OrderListFilters,
} from './admin-orders.repository.ts';

/** Rows per page of the list: a phone screen or two of cards, one query for them and one for their stores. */
export const ADMIN_ORDER_PAGE_SIZE = 50;
/** Rows per query while writing the CSV: few round trips, bounded memory. */
const CSV_PAGE_SIZE = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight of a Montevideo day (YYYY-MM-DD) as an instant. */
function montevideoMidnight(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - MONTEVIDEO_OFFSET_MS);
}

function resolveFilters(filters: AdminOrderFilters, now: Date): OrderListFilters {
  const q = filters.q ? foldText(filters.q) : '';
  return {
    paymentStatus: filters.payment_status,
    storeOrderStatus: filters.status,
    method: filters.method,
    storeId: filters.store_id,
    country: filters.country,
    createdFrom: filters.from ? montevideoMidnight(filters.from) : undefined,
    createdBefore: filters.to ? new Date(montevideoMidnight(filters.to).getTime() + DAY_MS) : undefined,
    late: filters.late ? { ...lateBounds(now), wanted: filters.late === 'true' } : undefined,
    q: q || undefined,
  };
}

/** One page of groups with their store orders: two queries, whatever the filters. */
async function readPage(
  db: Database,
  filters: OrderListFilters,
  cursor: KeysetPosition | null,
  size: number,
  now: Date,
): Promise<{ results: AdminOrderSummary[]; next: KeysetPosition | null }> {
  const rows = await listGroups(db, filters, cursor, size + 1);
  const page = rows.slice(0, size);
  const stores = await listStoreOrdersOfGroups(
    db,
    page.map((row) => row.id),
  );
  const last = page.at(-1);
  return {
    results: page.map((row) =>
      presentOrderSummary(
        row,
        stores.filter((store) => store.groupId === row.id),
        now,
      ),
    ),
    next: rows.length > size && last ? { at: last.cursorAt, id: last.id } : null,
  };
}

/** `GET /v1/admin/orders/` (admin:read): every order group, newest first, filtered, by pages. */
export async function listAdminOrders(
  db: Database,
  actor: Actor | null,
  query: AdminOrderFilters & { cursor?: string | undefined },
  now: Date,
): Promise<AdminOrderList> {
  requirePermission(actor, 'admin:read');
  const cursor = query.cursor
    ? decodeKeyset(query.cursor, { cursor: [ADMIN_ORDERS_MESSAGES.invalidCursor] })
    : null;
  const page = await readPage(db, resolveFilters(query, now), cursor, ADMIN_ORDER_PAGE_SIZE, now);
  return { results: page.results, next_cursor: page.next ? encodeKeyset(page.next) : null };
}

/**
 * Excel in Uruguay (es-UY) splits a double-clicked .csv on the region's list separator, ';', and reads
 * numbers with a decimal comma: so ';' and '12,50', with a UTF-8 BOM so the accents survive. The
 * statements' CSV (issue 18) is for machines and keeps ',' and '12.50'.
 */
function csvMoney(decimal: string): string {
  return decimal.replace('.', ',');
}

const CSV_HEADER = [
  'pedido',
  'fecha',
  'estado',
  'pago',
  'medio_de_pago',
  'pais',
  'remitente',
  'correo',
  'beneficiario',
  'pedidos_de_tienda',
  'total_usd',
  'atrasado',
];

function csvRows(results: readonly AdminOrderSummary[]): string {
  const rows = results.map((order) =>
    [
      order.number,
      dateTimeText(order.created),
      order.status_label,
      order.payment_status_label,
      order.payment_method_label,
      order.country,
      order.remitter_name,
      order.remitter_email,
      order.beneficiary_name,
      order.stores.map((store) => `${store.number} ${store.store_name} (${store.status_label})`).join(' | '),
      csvMoney(order.total),
      order.late ? 'sí' : 'no',
    ].map(spreadsheetSafeCell),
  );
  return stringify(rows, { delimiter: ';', record_delimiter: 'windows' });
}

/**
 * `GET /v1/admin/orders/export.csv` (admin:read): the same filters, every matching group, written page by
 * page as it is read (two queries per 500 groups), so a large export neither waits nor holds it all.
 */
export async function* exportAdminOrdersCsv(
  db: Database,
  actor: Actor | null,
  filters: AdminOrderFilters,
  now: Date,
): AsyncGenerator<string> {
  requirePermission(actor, 'admin:read');
  const resolved = resolveFilters(filters, now);
  yield `\uFEFF${stringify([CSV_HEADER], { delimiter: ';', record_delimiter: 'windows' })}`;
  let cursor: KeysetPosition | null = null;
  do {
    const page = await readPage(db, resolved, cursor, CSV_PAGE_SIZE, now);
    if (page.results.length > 0) yield csvRows(page.results);
    cursor = page.next;
  } while (cursor);
}

/** A transfer or deposit not paid yet: what an operator may cancel. */
function isCancellable(group: GroupRow): boolean {
  return (
    group.status === 'confirmed' && group.paymentStatus === 'pending' && isManualMethod(group.paymentMethod)
  );
}

/** `GET /v1/admin/orders/:number/` (admin:read): the group and its one timeline (ten queries). */
export async function getAdminOrder(
  db: Database,
  actor: Actor | null,
  number: string,
  now: Date,
): Promise<AdminOrderDetail> {
  const operator = requirePermission(actor, 'admin:read');
  const group = await findGroupByNumber(db, number);
  if (!group) throw notFound();
  const [stores, allLines, history, allRefunds, lineRefunds, emails, attempts, notes, healthNumbers] =
    await Promise.all([
      listStoreOrdersFull(db, group.id),
      listLinesOfGroup(db, group.id),
      listHistoryOfGroup(db, group.id),
      listRefundsOfGroups(db, [group.id]),
      refundedLinesOfGroup(db, group.id),
      listEmailsOfGroup(db, group.id),
      listAttemptsOfGroup(db, group.id),
      listNotesOfGroup(db, group.id),
      listHealthStoreOrderNumbers(db, group.id),
    ]);
  // A pharmacy's lines are health data (issue 32): only operators holding order:health read their names.
  const { lines, refunds } = reserveHealthData(
    operator,
    { stores, lines: allLines, refunds: allRefunds.get(group.id) ?? [] },
    healthNumbers,
  );
  // WhatsApp and SMS about the order (issue 29), with their delivery statuses.
  const messages = await listOrderMessages(db, group.id);
  return presentOrderDetail(
    {
      group,
      stores,
      lines,
      history,
      refunds,
      lineRefunds,
      emails,
      attempts,
      notes,
      messages,
      canCancel: isCancellable(group),
    },
    now,
  );
}

/** `POST /v1/admin/orders/:number/notes/` (order:operate): an internal note, never shown to shoppers. */
export async function addOrderNote(
  db: Database,
  actor: Actor | null,
  number: string,
  input: AdminOrderNoteInput,
  now: Date,
): Promise<AdminOrderDetail> {
  const operator = requirePermission(actor, 'order:operate');
  const group = await findGroupByNumber(db, number);
  if (!group) throw notFound();
  await db.transaction(async (tx) => {
    let storeOrder: { id: number; storeId: number } | null = null;
    if (input.store_order_number) {
      storeOrder = await findStoreOrderOfGroup(tx, group.id, input.store_order_number);
      if (!storeOrder)
        throw new HttpError(400, { store_order_number: [ADMIN_ORDERS_MESSAGES.storeOrderNotOfOrder] });
    }
    const id = await insertOrderNote(tx, {
      groupId: group.id,
      storeOrderId: storeOrder?.id ?? null,
      authorUserId: operator.userId,
      body: input.body,
    });
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'order.note_added',
      subject: `order:${group.number}`,
      detail: { after: { note_id: id, body: input.body, store_order: input.store_order_number ?? null } },
      actorRole: 'operator',
    });
  });
  return getAdminOrder(db, operator, number, now);
}

/**
 * `POST /v1/admin/orders/:number/cancel/` (order:operate): an unpaid transfer or deposit is cancelled as the
 * expiry does it — the same compare-and-set (so a payment marked at the same moment either wins or finds it
 * cancelled) and the same release of stock, coupon and credit — with the operator's reason, an e-mail to
 * the remitter and an audit row, all in one transaction.
 */
export async function cancelUnpaidOrder(
  db: Database,
  actor: Actor | null,
  number: string,
  input: AdminOrderCancelInput,
  deps: { kickMailWorker: () => void; now: Date },
): Promise<AdminOrderDetail> {
  const operator = requirePermission(actor, 'order:operate');
  const group = await findGroupByNumber(db, number);
  if (!group) throw notFound();
  if (!isCancellable(group)) throw new HttpError(409, { detail: ADMIN_ORDERS_MESSAGES.notCancellable });
  const cancelled = await db.transaction(async (tx) => {
    const row = await cancelUnpaidGroup(tx, group.id, input.reason);
    if (!row) return false;
    await enqueueEmail(tx, {
      ...orderCancelledEmail(
        { email: group.remitterEmail, firstName: group.remitterFirstName },
        group,
        input.reason,
      ),
      groupId: group.id,
    });
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'order.cancelled',
      subject: `order:${group.number}`,
      detail: {
        before: { status: group.status, payment_status: group.paymentStatus },
        after: { status: 'cancelled' },
        reason: input.reason,
      },
      actorRole: 'operator',
    });
    return true;
  });
  if (!cancelled) throw new HttpError(409, { detail: ADMIN_ORDERS_MESSAGES.notCancellable });
  deps.kickMailWorker();
  return getAdminOrder(db, operator, number, deps.now);
}

/** `POST /v1/admin/orders/:number/emails/:id/resend/` (order:operate): a new copy of one of its e-mails. */
export async function resendOrderEmail(
  db: Database,
  actor: Actor | null,
  number: string,
  emailId: number,
  deps: { kickMailWorker: () => void; now: Date },
): Promise<AdminOrderDetail> {
  const operator = requirePermission(actor, 'order:operate');
  const group = await findGroupByNumber(db, number);
  if (!group) throw notFound();
  await db.transaction(async (tx) => {
    const copy = await resendGroupEmail(tx, emailId, group.id);
    if (!copy) throw notFound(ADMIN_ORDERS_MESSAGES.emailNotOfOrder);
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'order.email_resent',
      subject: `order:${group.number}`,
      detail: { after: { email_id: copy.id, copy_of: emailId, to: copy.to, kind: copy.kind } },
      actorRole: 'operator',
    });
  });
  deps.kickMailWorker();
  return getAdminOrder(db, operator, number, deps.now);
}
