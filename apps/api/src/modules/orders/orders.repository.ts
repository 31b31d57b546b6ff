import { parseMoney } from '@mandado/shared/money';
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { beneficiaries } from '../../db/schema/beneficiaries.ts';
import { cities, departments, products } from '../../db/schema/catalog.ts';
import {
  idempotencyKeys,
  orderGroups,
  orderLines,
  storeOrderHistory,
  storeOrders,
} from '../../db/schema/orders.ts';
import { unitsForSale } from '../catalog/product-columns.sql.ts';

export type OrderGroupRow = typeof orderGroups.$inferSelect;
export type StoreOrderRow = typeof storeOrders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type StoreOrderHistoryRow = typeof storeOrderHistory.$inferSelect;
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

// ---------------------------------------------------------------------------------------------------------
// Idempotency keys (decision 021)

/** Claims the key for this request: false when a row for (user, key) exists already. */
export async function claimIdempotencyKey(
  db: Database,
  row: { userId: number; key: string; requestHash: string },
): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

export async function findIdempotencyKey(
  db: Database,
  userId: number,
  key: string,
): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/** Gives the key back (nothing was written under it), so a fresh attempt may use it. */
export async function releaseIdempotencyKey(db: Database, userId: number, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.responseStatus),
      ),
    );
}

/** Inside the placing transaction: the key now names its group, so a crash after the commit is recoverable. */
export async function attachGroupToKey(
  tx: DatabaseOrTransaction,
  userId: number,
  key: string,
  groupId: number,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ groupId })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/**
 * Deletes a key left in progress before `olderThan` by a request that died before its transaction committed
 * (no group, no answer): nothing was written under it, so a retry may claim it again.
 */
export async function releaseAbandonedKey(
  db: Database,
  userId: number,
  key: string,
  olderThan: Date,
): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.responseStatus),
        isNull(idempotencyKeys.groupId),
        lt(idempotencyKeys.createdAt, olderThan),
      ),
    );
}

export async function storeIdempotentAnswer(
  db: Database,
  userId: number,
  key: string,
  answer: { status: number; body: unknown; groupId: number | null },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: answer.status, responseBody: answer.body, groupId: answer.groupId })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

// ---------------------------------------------------------------------------------------------------------
// What placing an order reads

export interface OrderBeneficiaryRow {
  firstName: string;
  lastName: string;
  addressLine1: string;
  mobile: string;
  landline: string;
  residency: string;
  latitude: string;
  longitude: string;
  email: string;
  deliveryNotes: string;
  cityId: number;
  cityName: string;
  stateId: number;
  stateName: string;
}

/** The remitter's own beneficiary by its public id; someone else's reads as missing. */
export async function findOwnBeneficiary(
  db: DatabaseOrTransaction,
  remitterId: number,
  beneficiaryId: string,
): Promise<OrderBeneficiaryRow | undefined> {
  const [row] = await db
    .select({
      firstName: beneficiaries.firstName,
      lastName: beneficiaries.lastName,
      addressLine1: beneficiaries.addressLine1,
      mobile: beneficiaries.mobile,
      landline: beneficiaries.landline,
      residency: beneficiaries.residency,
      latitude: beneficiaries.latitude,
      longitude: beneficiaries.longitude,
      email: beneficiaries.email,
      deliveryNotes: beneficiaries.deliveryNotes,
      cityId: cities.id,
      cityName: cities.name,
      stateId: departments.id,
      stateName: departments.name,
    })
    .from(beneficiaries)
    .innerJoin(cities, eq(cities.id, beneficiaries.cityId))
    .innerJoin(departments, eq(departments.id, cities.departmentId))
    .where(and(eq(beneficiaries.remitterId, remitterId), eq(beneficiaries.beneficiaryId, beneficiaryId)));
  return row;
}

/** The city and department names a pick-up order without a beneficiary snapshots (issue 16). */
export async function findCityForOrder(
  db: DatabaseOrTransaction,
  cityId: number,
): Promise<Pick<OrderBeneficiaryRow, 'cityId' | 'cityName' | 'stateId' | 'stateName'> | undefined> {
  const [row] = await db
    .select({
      cityId: cities.id,
      cityName: cities.name,
      stateId: departments.id,
      stateName: departments.name,
    })
    .from(cities)
    .innerJoin(departments, eq(departments.id, cities.departmentId))
    .where(eq(cities.id, cityId));
  return row;
}

export async function readStock(
  db: DatabaseOrTransaction,
  productIds: readonly number[],
): Promise<Map<number, { name: string; stock: number }>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      stock: unitsForSale,
    })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  return new Map(rows.map((row) => [row.id, { name: row.name, stock: row.stock }]));
}

export async function nextOrderNumber(tx: DatabaseOrTransaction): Promise<string> {
  const result: unknown = await tx.execute(sql`select nextval('order_number_seq')::text as n`);
  const [row] = (result as { rows: Array<{ n: string }> }).rows;
  if (!row) throw new Error('order_number_seq gave nothing');
  return `MV-${row.n}`;
}

export async function insertOrderGroup(
  tx: DatabaseOrTransaction,
  values: typeof orderGroups.$inferInsert,
): Promise<OrderGroupRow> {
  const [row] = await tx.insert(orderGroups).values(values).returning();
  if (!row) throw new Error('order group not stored');
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// Status changes: each is a compare-and-set, so of two concurrent writers exactly one wins.

/** Moves the group from one of `from` to `set.status`, returning the row when this call did it. */
export async function compareAndSetGroup(
  tx: DatabaseOrTransaction,
  groupId: number,
  where: { status: string; paymentStatus?: string },
  set: Partial<typeof orderGroups.$inferInsert>,
): Promise<OrderGroupRow | undefined> {
  const [row] = await tx
    .update(orderGroups)
    .set({ ...set, updatedAt: sql`now()` })
    .where(
      and(
        eq(orderGroups.id, groupId),
        eq(orderGroups.status, where.status),
        where.paymentStatus === undefined ? undefined : eq(orderGroups.paymentStatus, where.paymentStatus),
      ),
    )
    .returning();
  return row;
}

export async function setProcessorRef(
  db: DatabaseOrTransaction,
  groupId: number,
  ref: string,
): Promise<void> {
  await db
    .update(orderGroups)
    .set({ processorRef: ref, updatedAt: sql`now()` })
    .where(and(eq(orderGroups.id, groupId), isNull(orderGroups.processorRef)));
}

// ---------------------------------------------------------------------------------------------------------
// Reading a group

export interface LoadedOrderGroup {
  group: OrderGroupRow;
  stores: StoreOrderRow[];
  lines: OrderLineRow[];
  history: StoreOrderHistoryRow[];
}

/** A group with its store orders, lines and history: four queries whatever their number. */
export async function loadOrderGroup(
  db: DatabaseOrTransaction,
  by: { id: number } | { number: string; remitterId?: number },
): Promise<LoadedOrderGroup | null> {
  const [group] = await db
    .select()
    .from(orderGroups)
    .where(
      'id' in by
        ? eq(orderGroups.id, by.id)
        : and(
            eq(orderGroups.number, by.number),
            by.remitterId === undefined ? undefined : eq(orderGroups.remitterId, by.remitterId),
          ),
    );
  if (!group) return null;
  const storeRows = await db
    .select()
    .from(storeOrders)
    .where(eq(storeOrders.groupId, group.id))
    .orderBy(asc(storeOrders.id));
  const ids = storeRows.map((row) => row.id);
  if (ids.length === 0) return { group, stores: storeRows, lines: [], history: [] };
  const [lines, history] = await Promise.all([
    db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.storeOrderId, ids))
      .orderBy(asc(orderLines.position), asc(orderLines.id)),
    db
      .select()
      .from(storeOrderHistory)
      .where(inArray(storeOrderHistory.storeOrderId, ids))
      .orderBy(asc(storeOrderHistory.createdAt), asc(storeOrderHistory.id)),
  ]);
  return { group, stores: storeRows, lines, history };
}

/** The remitter's groups still waiting for a card or PayPal payment. */
export async function findAwaitingGroups(db: DatabaseOrTransaction, remitterId: number): Promise<number[]> {
  const rows = await db
    .select({ id: orderGroups.id })
    .from(orderGroups)
    .where(and(eq(orderGroups.remitterId, remitterId), eq(orderGroups.status, 'awaiting_payment')));
  return rows.map((row) => row.id);
}

/** How many transfers and cash deposits the remitter has placed and not paid yet (they hold stock). */
export async function countOpenManualGroups(db: DatabaseOrTransaction, remitterId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderGroups)
    .where(
      and(
        eq(orderGroups.remitterId, remitterId),
        eq(orderGroups.status, 'confirmed'),
        eq(orderGroups.paymentStatus, 'pending'),
        eq(orderGroups.processor, 'manual'),
      ),
    );
  return row?.n ?? 0;
}

/** The open (confirmed, unpaid) transfers and deposits of a remitter: what the caps of decision 031 count. */
function openManualGroupsOf(remitterId: number) {
  return and(
    eq(orderGroups.remitterId, remitterId),
    eq(orderGroups.status, 'confirmed'),
    eq(orderGroups.paymentStatus, 'pending'),
    eq(orderGroups.processor, 'manual'),
  );
}

/**
 * What a remitter's unpaid transfers and deposits hold (decision 031): their total due in cents, and the
 * units per product of their store orders that still hold stock (a rejected one gave it back). Two queries,
 * whatever the number of orders.
 */
export async function readOpenManualHoldings(
  db: DatabaseOrTransaction,
  remitterId: number,
): Promise<{ total: number; unitsByProduct: Map<number, number> }> {
  const [sum] = await db
    .select({ total: sql<string>`coalesce(sum(${orderGroups.total}), 0)::numeric(14, 2)::text` })
    .from(orderGroups)
    .where(openManualGroupsOf(remitterId));
  const units = await db
    .select({ productId: orderLines.productId, units: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(storeOrders, eq(storeOrders.id, orderLines.storeOrderId))
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .where(
      and(
        openManualGroupsOf(remitterId),
        sql`${storeOrders.status} <> 'rejected'`,
        isNotNull(orderLines.productId),
      ),
    )
    .groupBy(orderLines.productId);
  const unitsByProduct = new Map<number, number>();
  for (const row of units) if (row.productId !== null) unitsByProduct.set(row.productId, row.units);
  return { total: parseMoney(sum?.total ?? '0.00'), unitsByProduct };
}

/**
 * Issue 27: for each product, the units on the shelf and the units that every account's unpaid transfers and
 * deposits hold (store orders not rejected). Read after `lockStockRows`, so a concurrent checkout of the same
 * products waits and then reads what this one wrote.
 */
export async function readManualHoldsOfProducts(
  tx: DatabaseOrTransaction,
  productIds: readonly number[],
): Promise<Map<number, { stock: number; held: number }>> {
  if (productIds.length === 0) return new Map();
  const stock = await tx
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  const held = await tx
    .select({ productId: orderLines.productId, units: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(storeOrders, eq(storeOrders.id, orderLines.storeOrderId))
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .where(
      and(
        inArray(orderLines.productId, [...productIds]),
        eq(orderGroups.status, 'confirmed'),
        eq(orderGroups.paymentStatus, 'pending'),
        eq(orderGroups.processor, 'manual'),
        sql`${storeOrders.status} <> 'rejected'`,
      ),
    )
    .groupBy(orderLines.productId);
  const heldBy = new Map(held.map((row) => [row.productId, Number(row.units)]));
  return new Map(stock.map((row) => [row.id, { stock: row.stock, held: heldBy.get(row.id) ?? 0 }]));
}

/** Forgets idempotency keys created before `before`. */
export async function deleteIdempotencyKeysBefore(db: DatabaseOrTransaction, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}

export async function findGroupByProcessorRef(
  db: DatabaseOrTransaction,
  processor: string,
  ref: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: orderGroups.id })
    .from(orderGroups)
    .where(and(eq(orderGroups.processor, processor), eq(orderGroups.processorRef, ref)));
  return row?.id ?? null;
}

/** How each of these groups stands with its payment (the sweep matches the processor's charges with them). */
export async function findGroupsPayment(
  db: DatabaseOrTransaction,
  ids: number[],
): Promise<Array<Pick<OrderGroupRow, 'id' | 'status' | 'paymentStatus' | 'processor' | 'processorRef'>>> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: orderGroups.id,
      status: orderGroups.status,
      paymentStatus: orderGroups.paymentStatus,
      processor: orderGroups.processor,
      processorRef: orderGroups.processorRef,
    })
    .from(orderGroups)
    .where(inArray(orderGroups.id, ids));
}

export async function findRemitter(
  db: DatabaseOrTransaction,
  userId: number,
): Promise<
  | {
      email: string;
      firstName: string;
      lastName: string;
      phoneE164: string;
      phoneCountryChangedAt: Date | null;
    }
  | undefined
> {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phoneE164: users.phoneE164,
      phoneCountryChangedAt: users.phoneCountryChangedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * Groups whose time ran out: transfers and cash deposits still unpaid, and card or PayPal payments left
 * waiting (3-D Secure never finished, PayPal never approved).
 */
export async function findExpiredGroups(db: Database, now: Date, limit: number): Promise<OrderGroupRow[]> {
  return db
    .select()
    .from(orderGroups)
    .where(
      and(
        isNotNull(orderGroups.expiresAt),
        lt(orderGroups.expiresAt, now),
        or(
          and(eq(orderGroups.status, 'confirmed'), eq(orderGroups.paymentStatus, 'pending')),
          eq(orderGroups.status, 'awaiting_payment'),
        ),
      ),
    )
    .orderBy(asc(orderGroups.expiresAt))
    .limit(limit);
}

/** The wallet balance, read inside the placing transaction. */
export async function readCreditBalance(db: DatabaseOrTransaction, userId: number): Promise<string> {
  const [row] = await db.select({ credit: users.credit }).from(users).where(eq(users.id, userId));
  return row?.credit ?? '0.00';
}
