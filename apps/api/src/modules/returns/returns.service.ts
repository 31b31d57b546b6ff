import { randomBytes, timingSafeEqual } from 'node:crypto';
import { withdrawalDeadline } from '@mandado/shared/business-days';
import { dateText } from '@mandado/shared/date-text';
import {
  OPEN_RETURN_STATUSES,
  RETURN_MAX_CODE_FAILURES,
  RETURN_MESSAGES,
  RETURN_STATUS_TEXTS,
  type ReturnActor,
  type ReturnStatus,
  returnTransitionRefusal,
} from '@mandado/shared/return-status';
import type { NewReturn, ReturnsOverview } from '@mandado/shared/returns-schemas';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import { enqueueStorePushes } from '../store-inbox/store-inbox.service.ts';
import { newReturnStoreEmail, returnDecidedEmail } from './return-emails.ts';
import { pickupCodeOf } from './return-pickup-code.ts';
import { presentReturns, type ReturnView } from './returns.presenter.ts';
import {
  countPickupCodeFailure,
  countReturns,
  findGroupByNumber,
  findGroupByTrackingToken,
  findReturn,
  findReturnByCourierToken,
  findStoreAddress,
  insertReturn,
  insertReturnHistory,
  listLinesOfReturns,
  listLinesOfStoreOrders,
  listReturns,
  listReturnsOfGroup,
  listStoreAudience,
  listStoreOrdersOfGroup,
  lockReturn,
  lockReturnByCourierToken,
  lockStoreOrderOfGroup,
  moveReturn,
  type ReturnGroupRow,
  type ReturnLineRow,
  type ReturnRow,
  type ReturnStoreOrderRow,
  setRefundedAmount,
  sumReturnedUnits,
} from './returns.repository.ts';

/**
 * Returns (issue 32 item 1, decision 076): who may ask for what, within which window, and each status move
 * (the transition table in packages/shared/src/return-status.ts, compare-and-set under the row's lock, a
 * history row). The flows in apps/api/src/flows tell the steps in order inside one transaction.
 */

/** The server secret (server_keys) the pickup codes are derived from; flows load it before the transaction. */
export const RETURN_PICKUP_CODE_KEY = 'return-pickup-codes';

/** Store orders a return may be asked for: delivered (or past it). */
const DELIVERED_STATUSES = new Set(['delivered', 'fulfilled']);

export type { ReturnGroupRow, ReturnRow };

/** The requester's side: the signed-in remitter ('Mis Compras') or the family holding the tracking link. */
export type Requester = { kind: 'remitter'; actor: Actor } | { kind: 'family' };

/** The remitter's own order by its number; anyone else's is the same 404 as an unknown one. */
export async function requireRemitterGroup(
  db: DatabaseOrTransaction,
  actor: Actor | null,
  number: string,
): Promise<ReturnGroupRow> {
  const remitter = requirePermission(actor, 'account:own');
  const group = await findGroupByNumber(db, number);
  if (!group || group.remitterId !== remitter.userId) throw notFound(RETURN_MESSAGES.orderNotFound);
  return group;
}

/** The order of a tracking link; an unknown or forged token is a 404 that says nothing more. */
export async function requireTrackedGroup(db: DatabaseOrTransaction, token: string): Promise<ReturnGroupRow> {
  const group = await findGroupByTrackingToken(db, token);
  if (!group) throw notFound(RETURN_MESSAGES.orderNotFound);
  return group;
}

/** Constant-time comparison of the typed pickup code with the return's. */
function sameCode(typed: string, expected: string): boolean {
  const left = Buffer.from(typed);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

// ---------------------------------------------------------------------------------------------------------
// What can be returned

/** Units the store supplied of a line (what the store could not supply was refunded already). */
function suppliedUnits(line: ReturnLineRow): number {
  return line.availableQuantity ?? line.quantity;
}

interface StoreOrderWindow {
  deadline: Date | null;
  open: boolean;
  closedReason: string | null;
}

function windowOf(storeOrder: ReturnStoreOrderRow, now: Date): StoreOrderWindow {
  if (!DELIVERED_STATUSES.has(storeOrder.status) || storeOrder.deliveredAt === null) {
    return { deadline: null, open: false, closedReason: RETURN_MESSAGES.notDelivered };
  }
  const deadline = withdrawalDeadline(storeOrder.deliveredAt);
  if (now.getTime() >= deadline.getTime()) {
    // The last day of the window, in Montevideo: the deadline is the next local midnight.
    const lastDay = new Date(deadline.getTime() - 1).toISOString();
    return { deadline, open: false, closedReason: RETURN_MESSAGES.deadlinePassed(dateText(lastDay)) };
  }
  return { deadline, open: true, closedReason: null };
}

/** 'Mis Compras' and the tracking page: each store order's window and lines, and the requests so far. */
export async function getReturnsOverview(
  db: DatabaseOrTransaction,
  group: ReturnGroupRow,
  view: ReturnView,
  now: Date,
): Promise<ReturnsOverview> {
  const storeOrders = await listStoreOrdersOfGroup(db, group.id);
  const lines = await listLinesOfStoreOrders(
    db,
    storeOrders.map((storeOrder) => storeOrder.id),
  );
  const returned = await sumReturnedUnits(
    db,
    lines.map((line) => line.id),
  );
  const requests = await listReturnsOfGroup(db, group.id);
  return {
    storeOrders: storeOrders.map((storeOrder) => {
      const window = windowOf(storeOrder, now);
      return {
        storeOrderNumber: storeOrder.number,
        storeName: storeOrder.storeName,
        deliveredAt: storeOrder.deliveredAt?.toISOString() ?? null,
        deadline: window.deadline?.toISOString() ?? null,
        open: window.open,
        closedReason: window.closedReason,
        lines: lines
          .filter((line) => line.storeOrderId === storeOrder.id)
          .map((line) => ({
            lineId: line.id,
            name: line.name,
            quantity: line.quantity,
            returnableQuantity: line.returnable
              ? Math.max(0, suppliedUnits(line) - (returned.get(line.id) ?? 0))
              : 0,
            returnable: line.returnable,
            notReturnableReason: line.returnable ? null : RETURN_MESSAGES.lineNotReturnable,
          })),
      };
    }),
    requests: await presentRows(db, requests, view),
  };
}

/** Each line of a store order with the units bought (the receipt step asks whether all came back). */
export async function lineQuantitiesOfStoreOrder(
  db: DatabaseOrTransaction,
  storeOrderId: number,
): Promise<Array<{ orderLineId: number; quantity: number }>> {
  return (await listLinesOfStoreOrders(db, [storeOrderId])).map((line) => ({
    orderLineId: line.id,
    quantity: line.quantity,
  }));
}

/** The returns presented with their lines (one more query whatever their number). */
export async function presentRows(db: DatabaseOrTransaction, rows: readonly ReturnRow[], view: ReturnView) {
  const lines = await listLinesOfReturns(
    db,
    rows.map((row) => row.id),
  );
  return presentReturns(rows, lines, view);
}

/**
 * A new request's checks, under the store order's lock (two requests for its units take turns): the store
 * order is the group's and delivered, the window is open, each line is the store order's, returnable and
 * asked for at most once, within the units not yet in another return, and a refund to the card only for an
 * order paid by card or PayPal. Each refusal is a Spanish 4xx that changes nothing.
 */
export async function checkNewReturn(
  tx: DatabaseOrTransaction,
  group: ReturnGroupRow,
  input: NewReturn,
  now: Date,
): Promise<{ storeOrder: ReturnStoreOrderRow; deadline: Date }> {
  if (group.paymentStatus !== 'paid') throw new HttpError(409, { detail: RETURN_MESSAGES.notPaid });
  const storeOrder = await lockStoreOrderOfGroup(tx, group.id, input.storeOrderNumber);
  if (!storeOrder) throw new HttpError(404, { detail: RETURN_MESSAGES.storeOrderNotFound });
  const window = windowOf(storeOrder, now);
  if (!window.open || !window.deadline) {
    throw new HttpError(409, { detail: window.closedReason ?? RETURN_MESSAGES.notDelivered });
  }
  if (input.refundTo === 'card' && group.paymentMethod !== 'card' && group.paymentMethod !== 'paypal') {
    throw new HttpError(400, { refundTo: [RETURN_MESSAGES.cardNotPossible] });
  }
  const lines = new Map(
    (await listLinesOfStoreOrders(tx, [storeOrder.id])).map((line) => [line.id, line] as const),
  );
  const asked = new Set<number>();
  for (const wanted of input.lines) {
    const line = lines.get(wanted.lineId);
    if (!line) throw new HttpError(400, { lines: [RETURN_MESSAGES.lineNotInOrder] });
    if (asked.has(line.id)) throw new HttpError(400, { lines: [RETURN_MESSAGES.lineRepeated] });
    asked.add(line.id);
    if (!line.returnable) throw new HttpError(422, { lines: [RETURN_MESSAGES.lineNotReturnable] });
  }
  const returned = await sumReturnedUnits(tx, [...asked]);
  for (const wanted of input.lines) {
    const line = lines.get(wanted.lineId);
    if (!line) continue;
    const left = Math.max(0, suppliedUnits(line) - (returned.get(line.id) ?? 0));
    if (wanted.quantity > left) throw new HttpError(422, { lines: [RETURN_MESSAGES.tooManyUnits(left)] });
  }
  return { storeOrder, deadline: window.deadline };
}

export async function recordNewReturn(
  tx: DatabaseOrTransaction,
  group: ReturnGroupRow,
  storeOrder: ReturnStoreOrderRow,
  deadline: Date,
  requester: Requester,
  input: NewReturn & { photoKey: string | null },
): Promise<ReturnRow> {
  const userId = requester.kind === 'remitter' ? requester.actor.userId : null;
  const id = await insertReturn(
    tx,
    {
      groupId: group.id,
      storeOrderId: storeOrder.id,
      storeId: storeOrder.storeId,
      requestedBy: requester.kind,
      requesterUserId: userId,
      reason: input.reason,
      photoKey: input.photoKey,
      refundTo: input.refundTo,
      deadlineAt: deadline,
    },
    input.lines.map((line) => ({ orderLineId: line.lineId, quantity: line.quantity })),
  );
  await insertReturnHistory(tx, {
    returnRequestId: id,
    fromStatus: null,
    toStatus: 'requested',
    actorRole: 'requester',
    actorUserId: userId,
    reason: input.reason,
  });
  return requireReturn(tx, id);
}

async function requireReturn(db: DatabaseOrTransaction, id: number): Promise<ReturnRow> {
  const row = await findReturn(db, id);
  if (!row) throw new Error(`return ${id} vanished`);
  return row;
}

/** The store hears of a new return like of a new order: an e-mail to each member and a push to their phones. */
export async function notifyStoreOfReturn(
  tx: DatabaseOrTransaction,
  row: ReturnRow,
  deps: { publicUrl: string },
): Promise<void> {
  const audience = await listStoreAudience(tx, row.storeId);
  const lines = await listLinesOfReturns(tx, [row.id]);
  for (const member of audience.members) {
    await enqueueEmail(tx, {
      ...newReturnStoreEmail(member, row, lines, deps.publicUrl),
      groupId: row.groupId,
    });
  }
  const payload = {
    title: 'Nueva devolución',
    body: `${row.storeOrderNumber}: piden devolver ${lines.length === 1 ? '1 producto' : `${lines.length} productos`}.`,
    url: '/comercio',
  };
  await enqueueStorePushes(
    tx,
    audience.subscriptionIds.map((subscriptionId) => ({ subscriptionId, payload })),
  );
}

/** The requester hears of the store's answer (the remitter's e-mail; the family reads it on the tracking page). */
export async function tellRequester(
  tx: DatabaseOrTransaction,
  row: ReturnRow,
  kind: 'accepted' | 'refused' | 'overruled' | 'received',
  deps: { publicUrl: string; refundText?: string | null },
): Promise<void> {
  await enqueueEmail(tx, { ...returnDecidedEmail(row, kind, deps), groupId: row.groupId });
}

// ---------------------------------------------------------------------------------------------------------
// Status moves

/** A return of `storeId` locked for its member's action; another store's is a 404 like an unknown one. */
export async function lockReturnOfStore(
  tx: DatabaseOrTransaction,
  actor: Actor | null,
  storeId: number,
  returnId: number,
): Promise<{ member: Actor; row: ReturnRow }> {
  const member = requirePermission(actor, 'order:fulfil', storeId);
  const row = await lockReturn(tx, returnId);
  if (!row || row.storeId !== storeId) throw notFound(RETURN_MESSAGES.returnNotFound);
  return { member, row };
}

/** Any return locked for an operator holding returns:manage. */
export async function lockReturnForOperator(
  tx: DatabaseOrTransaction,
  actor: Actor | null,
  returnId: number,
): Promise<{ operator: Actor; row: ReturnRow }> {
  const operator = requirePermission(actor, 'returns:manage');
  const row = await lockReturn(tx, returnId);
  if (!row) throw notFound(RETURN_MESSAGES.returnNotFound);
  return { operator, row };
}

/**
 * Moves the locked return along the table: a move it does not allow is a 409 naming the status; then the
 * compare-and-set (guarding against a bug, the row being locked) and the history row.
 */
export async function applyReturnMove(
  tx: DatabaseOrTransaction,
  row: ReturnRow,
  move: {
    to: ReturnStatus;
    actor: ReturnActor;
    userId: number | null;
    reason?: string;
    codeChecked?: boolean;
    changes?: Parameters<typeof moveReturn>[4];
  },
): Promise<void> {
  const from = row.status as ReturnStatus;
  const refusal = returnTransitionRefusal({
    from,
    to: move.to,
    actor: move.actor,
    reason: move.reason ?? null,
    codeChecked: move.codeChecked ?? false,
  });
  if (refusal === 'reason_required') {
    throw new HttpError(400, { reason: [RETURN_MESSAGES.reasonRequired] });
  }
  if (refusal !== null) {
    throw new HttpError(409, { detail: RETURN_MESSAGES.notAllowedNow(RETURN_STATUS_TEXTS[from]) });
  }
  if (!(await moveReturn(tx, row.id, from, move.to, move.changes))) {
    throw new HttpError(409, { detail: RETURN_MESSAGES.statusMoved });
  }
  await insertReturnHistory(tx, {
    returnRequestId: row.id,
    fromStatus: from,
    toStatus: move.to,
    actorRole: move.actor,
    actorUserId: move.userId,
    reason: move.reason ?? '',
  });
}

/** The reverse pickup's courier link token: 32 random bytes in base64url, like the courier link's. */
export function newCourierToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Reads a return again after its transaction's steps (the answer shows the new state). */
export function readReturn(db: DatabaseOrTransaction, id: number): Promise<ReturnRow> {
  return requireReturn(db, id);
}

/** The requester's own return of the group, locked (cancel). */
export async function lockReturnOfGroup(
  tx: DatabaseOrTransaction,
  group: ReturnGroupRow,
  returnId: number,
): Promise<ReturnRow> {
  const row = await lockReturn(tx, returnId);
  if (!row || row.groupId !== group.id) throw notFound(RETURN_MESSAGES.returnNotFound);
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// The reverse pickup's link

/**
 * The link's return, locked: unknown, or no longer waiting for a courier (received, cancelled), is a 404;
 * locked by wrong codes a 423.
 */
export async function lockReturnLink(tx: DatabaseOrTransaction, token: string): Promise<ReturnRow> {
  return checkReturnLink(await lockReturnByCourierToken(tx, token));
}

export async function readReturnLink(db: DatabaseOrTransaction, token: string): Promise<ReturnRow> {
  return checkReturnLink(await findReturnByCourierToken(db, token));
}

function checkReturnLink(row: ReturnRow | undefined): ReturnRow {
  if (!row || !OPEN_RETURN_STATUSES.includes(row.status as ReturnStatus)) {
    throw notFound(RETURN_MESSAGES.linkNotFound);
  }
  if (row.courierLockedAt) throw new HttpError(423, { detail: RETURN_MESSAGES.linkLocked });
  return row;
}

/**
 * The code the family gave the courier: the right one answers null; a wrong one counts (committed: the flow
 * returns the refusal after its transaction) and at RETURN_MAX_CODE_FAILURES locks the link.
 */
export async function countWrongPickupCode(
  tx: DatabaseOrTransaction,
  row: ReturnRow,
  secret: Buffer,
  code: string,
): Promise<HttpError | null> {
  if (sameCode(code, pickupCodeOf(secret, row.id))) return null;
  const { failures, locked } = await countPickupCodeFailure(tx, row.id, RETURN_MAX_CODE_FAILURES);
  if (locked) return new HttpError(423, { detail: RETURN_MESSAGES.linkLocked });
  return new HttpError(422, {
    detail: RETURN_MESSAGES.wrongCode(RETURN_MAX_CODE_FAILURES - failures),
  });
}

export function storeAddressOf(db: DatabaseOrTransaction, storeId: number): Promise<string> {
  return findStoreAddress(db, storeId);
}

// ---------------------------------------------------------------------------------------------------------
// Lists

export async function listStoreReturns(
  db: DatabaseOrTransaction,
  actor: Actor | null,
  storeId: number,
  status: ReturnStatus | undefined,
  view: ReturnView,
) {
  requirePermission(actor, 'order:fulfil', storeId);
  const rows = await listReturns(db, { storeId, ...(status ? { status } : {}) }, { limit: 200, offset: 0 });
  return { items: await presentRows(db, rows, view) };
}

export const ADMIN_RETURNS_PAGE_SIZE = 30;

/** The back office's list: a page, three queries whatever its size (count, rows, their lines). */
export async function listAdminReturns(
  db: DatabaseOrTransaction,
  actor: Actor | null,
  query: { status?: ReturnStatus | undefined; storeId?: number | undefined; page: number },
  view: ReturnView,
) {
  requirePermission(actor, 'returns:manage');
  const filter = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.storeId ? { storeId: query.storeId } : {}),
  };
  const total = await countReturns(db, filter);
  const rows = await listReturns(db, filter, {
    limit: ADMIN_RETURNS_PAGE_SIZE,
    offset: (query.page - 1) * ADMIN_RETURNS_PAGE_SIZE,
  });
  return {
    items: await presentRows(db, rows, view),
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_RETURNS_PAGE_SIZE)),
  };
}

/** Keeps what the refunds of a received return gave back (the requester's 'Recibida y reembolsada'). */
export async function recordReturnRefund(
  tx: DatabaseOrTransaction,
  id: number,
  amount: string,
): Promise<void> {
  await setRefundedAmount(tx, id, amount);
}

/** The lines of a return, as the refunds take them (order line and units). */
export async function linesToRefund(
  db: DatabaseOrTransaction,
  returnId: number,
): Promise<Array<{ orderLineId: number; quantity: number }>> {
  return (await listLinesOfReturns(db, [returnId])).map((line) => ({
    orderLineId: line.orderLineId,
    quantity: line.quantity,
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Who may read a return (its photo): the requester's side, the store, operators

export async function returnOfGroup(
  db: DatabaseOrTransaction,
  group: ReturnGroupRow,
  returnId: number,
): Promise<ReturnRow> {
  const row = await findReturn(db, returnId);
  if (!row || row.groupId !== group.id) throw notFound(RETURN_MESSAGES.returnNotFound);
  return row;
}

export async function returnOfStore(
  db: DatabaseOrTransaction,
  actor: Actor | null,
  storeId: number,
  returnId: number,
): Promise<ReturnRow> {
  requirePermission(actor, 'order:fulfil', storeId);
  const row = await findReturn(db, returnId);
  if (!row || row.storeId !== storeId) throw notFound(RETURN_MESSAGES.returnNotFound);
  return row;
}

export async function returnForOperator(
  db: DatabaseOrTransaction,
  actor: Actor | null,
  returnId: number,
): Promise<ReturnRow> {
  requirePermission(actor, 'returns:manage');
  const row = await findReturn(db, returnId);
  if (!row) throw notFound(RETURN_MESSAGES.returnNotFound);
  return row;
}

/** Where each reader gets a return's photo: the route that checks that reader. */
export const RETURN_PHOTO_PATHS = {
  remitter: (row: ReturnRow) => `/v1/orders/${row.groupNumber}/returns/${row.id}/photo/`,
  family: (token: string) => (row: ReturnRow) => `/v1/tracking/${token}/returns/${row.id}/photo/`,
  store: (row: ReturnRow) => `/v1/merchant/stores/${row.storeId}/returns/${row.id}/photo/`,
  operator: (row: ReturnRow) => `/v1/admin/returns/${row.id}/photo/`,
};
