import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { orderGroups, orderLines, storeOrders } from '../../db/schema/orders.ts';
import { type ClaimedLine, storeOrderReceiptHistory, storeOrderReceipts } from '../../db/schema/receipts.ts';

/** The store order a tracking link answers for, and what the answer rules read. */
export interface ReceiptTargetRow {
  storeOrderId: number;
  storeId: number;
  status: string;
  deliveredAt: Date | null;
  groupStatus: string;
  beneficiaryFirstName: string;
}

/** Only a store order of the token's own group: another group's number is as unknown as a forged token. */
export async function findReceiptTarget(
  db: DatabaseOrTransaction,
  token: string,
  storeOrderNumber: string,
): Promise<ReceiptTargetRow | undefined> {
  const [row] = await db
    .select({
      storeOrderId: storeOrders.id,
      storeId: storeOrders.storeId,
      status: storeOrders.status,
      deliveredAt: storeOrders.deliveredAt,
      groupStatus: orderGroups.status,
      beneficiaryFirstName: sql<string>`coalesce(${orderGroups.beneficiary}->>'firstName', '')`,
    })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .where(and(eq(orderGroups.trackingToken, token), eq(storeOrders.number, storeOrderNumber)));
  return row;
}

export interface ReceiptLineRow {
  id: number;
  name: string;
  quantity: number;
  availableQuantity: number | null;
  substituteQuantity: number | null;
}

/** The store order's lines in the tracking page's order (position, id): a claim names them by place. */
export async function listReceiptLines(
  db: DatabaseOrTransaction,
  storeOrderId: number,
): Promise<ReceiptLineRow[]> {
  return db
    .select({
      id: orderLines.id,
      name: orderLines.name,
      quantity: orderLines.quantity,
      availableQuantity: orderLines.availableQuantity,
      substituteQuantity: sql<number | null>`(${orderLines.substitute}->>'quantity')::int`,
    })
    .from(orderLines)
    .where(eq(orderLines.storeOrderId, storeOrderId))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
}

export interface ReceiptRow {
  id: number;
  storeOrderId: number;
  status: 'received' | 'claimed' | 'resolved';
  missing: ClaimedLine[];
  note: string;
  answeredAt: Date;
  resolvedAt: Date | null;
  photoMediaKey: string | null;
}

const receiptColumns = {
  id: storeOrderReceipts.id,
  storeOrderId: storeOrderReceipts.storeOrderId,
  status: sql<ReceiptRow['status']>`${storeOrderReceipts.status}`,
  missing: storeOrderReceipts.missing,
  note: storeOrderReceipts.note,
  answeredAt: storeOrderReceipts.answeredAt,
  resolvedAt: storeOrderReceipts.resolvedAt,
  photoMediaKey: storeOrderReceipts.photoMediaKey,
};

/** The answers of these store orders: one query. */
export async function listReceipts(
  db: DatabaseOrTransaction,
  storeOrderIds: readonly number[],
): Promise<ReceiptRow[]> {
  if (storeOrderIds.length === 0) return [];
  return db
    .select(receiptColumns)
    .from(storeOrderReceipts)
    .where(inArray(storeOrderReceipts.storeOrderId, [...storeOrderIds]));
}

/**
 * The one answer of a store order: inserted only when it has none (the unique store order), so a second
 * answer — a double tap, two phones — finds nothing written. Returns the new id, or null when one existed.
 */
export async function insertReceiptOnce(
  tx: DatabaseOrTransaction,
  values: {
    storeOrderId: number;
    status: 'received' | 'claimed';
    missing: ClaimedLine[];
    note: string;
    photoMediaKey: string | null;
  },
): Promise<number | null> {
  const [row] = await tx
    .insert(storeOrderReceipts)
    .values(values)
    .onConflictDoNothing({ target: storeOrderReceipts.storeOrderId })
    .returning({ id: storeOrderReceipts.id });
  return row?.id ?? null;
}

export async function insertReceiptHistory(
  tx: DatabaseOrTransaction,
  values: {
    receiptId: number;
    fromStatus: string;
    toStatus: string;
    actorRole: 'family' | 'system' | 'operator';
    actorUserId: number | null;
  },
): Promise<void> {
  await tx.insert(storeOrderReceiptHistory).values(values);
}

export interface ClaimRow extends ReceiptRow {
  groupNumber: string;
  storeOrderNumber: string;
  storeName: string;
  storeId: number;
  remitterId: number;
  beneficiaryFirstName: string;
}

function claimSelection() {
  return {
    ...receiptColumns,
    groupNumber: orderGroups.number,
    storeOrderNumber: storeOrders.number,
    storeName: storeOrders.storeName,
    storeId: storeOrders.storeId,
    remitterId: orderGroups.remitterId,
    beneficiaryFirstName: sql<string>`coalesce(${orderGroups.beneficiary}->>'firstName', '')`,
  };
}

/** The claims ('Falta algo'), newest first; `open`: only those not resolved. At most 100. */
export async function listClaims(db: DatabaseOrTransaction, open: boolean | null): Promise<ClaimRow[]> {
  const statuses = open === true ? ['claimed'] : open === false ? ['resolved'] : ['claimed', 'resolved'];
  return db
    .select(claimSelection())
    .from(storeOrderReceipts)
    .innerJoin(storeOrders, eq(storeOrders.id, storeOrderReceipts.storeOrderId))
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .where(inArray(storeOrderReceipts.status, statuses))
    .orderBy(desc(storeOrderReceipts.answeredAt), desc(storeOrderReceipts.id))
    .limit(100);
}

/** One claim, its row locked until the transaction ends: two operators' clicks take turns. */
export async function lockClaim(tx: DatabaseOrTransaction, id: number): Promise<ClaimRow | undefined> {
  const [row] = await tx
    .select(claimSelection())
    .from(storeOrderReceipts)
    .innerJoin(storeOrders, eq(storeOrders.id, storeOrderReceipts.storeOrderId))
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .where(eq(storeOrderReceipts.id, id))
    .for('update', { of: storeOrderReceipts });
  return row;
}

/** claimed → resolved, compare-and-set: false when it was not claimed any more. */
export async function markClaimResolved(
  tx: DatabaseOrTransaction,
  id: number,
  operatorId: number,
): Promise<boolean> {
  const rows = await tx
    .update(storeOrderReceipts)
    .set({ status: 'resolved', resolvedAt: new Date(), resolvedBy: operatorId })
    .where(and(eq(storeOrderReceipts.id, id), eq(storeOrderReceipts.status, 'claimed')))
    .returning({ id: storeOrderReceipts.id });
  return rows.length === 1;
}

/** The photo of a store's own claim: the store order by its number, only when it is this store's. */
export async function findStoreClaimPhotoKey(
  db: DatabaseOrTransaction,
  storeId: number,
  storeOrderNumber: string,
): Promise<string | null> {
  const [row] = await db
    .select({ key: storeOrderReceipts.photoMediaKey })
    .from(storeOrderReceipts)
    .innerJoin(storeOrders, eq(storeOrders.id, storeOrderReceipts.storeOrderId))
    .where(and(eq(storeOrders.number, storeOrderNumber), eq(storeOrders.storeId, storeId)));
  return row?.key ?? null;
}

/** The photo of a claim by its id (the operators' support inbox). */
export async function findClaimPhotoKey(db: DatabaseOrTransaction, claimId: number): Promise<string | null> {
  const [row] = await db
    .select({ key: storeOrderReceipts.photoMediaKey })
    .from(storeOrderReceipts)
    .where(eq(storeOrderReceipts.id, claimId));
  return row?.key ?? null;
}

/** Who hears of a claim: the remitter (to e-mail) and the store order's names, read in the claim's transaction. */
export interface ClaimNoticeRow {
  groupId: number;
  groupNumber: string;
  storeOrderNumber: string;
  storeName: string;
  storeId: number;
  remitterEmail: string;
  remitterFirstName: string;
  beneficiaryFirstName: string;
}

export async function findClaimNotice(
  db: DatabaseOrTransaction,
  storeOrderId: number,
): Promise<ClaimNoticeRow | undefined> {
  const [row] = await db
    .select({
      groupId: orderGroups.id,
      groupNumber: orderGroups.number,
      storeOrderNumber: storeOrders.number,
      storeName: storeOrders.storeName,
      storeId: storeOrders.storeId,
      remitterEmail: users.email,
      remitterFirstName: users.firstName,
      beneficiaryFirstName: sql<string>`coalesce(${orderGroups.beneficiary}->>'firstName', '')`,
    })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .innerJoin(users, eq(users.id, orderGroups.remitterId))
    .where(eq(storeOrders.id, storeOrderId));
  return row;
}

/**
 * Retention (decision 072): takes the photo key off up to `limit` claims whose store order (`s`) is due by
 * `due` (order-status's rule, handed in by the retention flow: receipts must not import order-status, which
 * reads receipts), answering the keys, in one statement; rows claimed `for update skip locked` so sweeps on
 * several instances share the work. The caller deletes the files before the transaction commits.
 */
export async function clearExpiredClaimPhotoKeys(
  tx: DatabaseOrTransaction,
  due: (storeOrderAlias: 's') => SQL,
  limit: number,
): Promise<string[]> {
  const result: unknown = await tx.execute(sql`
    with due as (
      select r.id, r.photo_media_key as key from ${storeOrderReceipts} r
      join ${storeOrders} s on s.id = r.store_order_id
      where r.photo_media_key is not null and ${due('s')}
      order by r.id
      limit ${limit}
      for update of r skip locked
    )
    update ${storeOrderReceipts} set photo_media_key = null
    from due where ${storeOrderReceipts}.id = due.id
    returning due.key
  `);
  return (result as { rows: Array<{ key: string }> }).rows.map((row) => row.key);
}
