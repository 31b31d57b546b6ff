import { MANUAL_PAYMENT_METHODS } from '@mandado/shared/admin-payments.schemas';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { orderGroups } from '../../db/schema/orders.ts';
import { exactInstant, type KeysetPosition } from '../../keyset-cursor.ts';

/**
 * The back office's view of manual payments (issue 19): the transfers and cash deposits waiting for their
 * money, and the checkouts a bank statement's rows name. Order groups are the orders module's table, so the
 * SQL lives here and the bank-statement module calls these.
 */

/** A checkout still awaiting its transfer or deposit (what the expiry worker would release). */
function awaitingManualPayment() {
  return and(
    eq(orderGroups.status, 'confirmed'),
    eq(orderGroups.paymentStatus, 'pending'),
    inArray(orderGroups.paymentMethod, [...MANUAL_PAYMENT_METHODS]),
  );
}

export interface PaymentQueueRow {
  id: number;
  number: string;
  paymentMethod: string;
  country: string;
  total: string;
  currency: string;
  createdAt: Date;
  /** created_at as exact text, for the cursor. */
  createdAtExact: string;
  expiresAt: Date | null;
  firstName: string;
  lastName: string;
  email: string;
}

/** One page of the queue, oldest first (the most urgent on top), `limit` rows after `after`: one query. */
export async function listPaymentQueue(
  db: DatabaseOrTransaction,
  options: { country?: string | undefined; after?: KeysetPosition | undefined; limit: number },
): Promise<PaymentQueueRow[]> {
  return db
    .select({
      id: orderGroups.id,
      number: orderGroups.number,
      paymentMethod: orderGroups.paymentMethod,
      country: orderGroups.country,
      total: orderGroups.total,
      currency: orderGroups.currency,
      createdAt: orderGroups.createdAt,
      createdAtExact: exactInstant(orderGroups.createdAt),
      expiresAt: orderGroups.expiresAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(orderGroups)
    .innerJoin(users, eq(users.id, orderGroups.remitterId))
    .where(
      and(
        awaitingManualPayment(),
        options.country ? eq(orderGroups.country, options.country) : undefined,
        options.after
          ? sql`(${orderGroups.createdAt}, ${orderGroups.id}) > (${options.after.at}::timestamptz, ${options.after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(orderGroups.createdAt), asc(orderGroups.id))
    .limit(options.limit);
}

/** The countries with a transfer or deposit waiting, for the queue's filter. */
export async function listPaymentQueueCountries(db: DatabaseOrTransaction): Promise<string[]> {
  const rows = await db
    .selectDistinct({ country: orderGroups.country })
    .from(orderGroups)
    .where(awaitingManualPayment())
    .orderBy(asc(orderGroups.country));
  return rows.map((row) => row.country);
}

export interface StatementGroupRow {
  id: number;
  number: string;
  total: string;
  currency: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  /** Who placed it: an operator never pays their own order (four eyes, issue 19). */
  remitterId: number;
}

/** The checkouts with these numbers (a statement's rows name them), in one query. */
export async function findGroupsByNumbers(
  db: DatabaseOrTransaction,
  numbers: readonly string[],
): Promise<StatementGroupRow[]> {
  if (numbers.length === 0) return [];
  return db
    .select({
      id: orderGroups.id,
      number: orderGroups.number,
      total: orderGroups.total,
      currency: orderGroups.currency,
      status: orderGroups.status,
      paymentStatus: orderGroups.paymentStatus,
      paymentMethod: orderGroups.paymentMethod,
      remitterId: orderGroups.remitterId,
    })
    .from(orderGroups)
    .where(inArray(orderGroups.number, [...numbers]));
}

/** The checkouts with these ids, as findGroupsByNumbers reads them: one query. */
export async function findGroupsByIds(
  db: DatabaseOrTransaction,
  ids: readonly number[],
): Promise<StatementGroupRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: orderGroups.id,
      number: orderGroups.number,
      total: orderGroups.total,
      currency: orderGroups.currency,
      status: orderGroups.status,
      paymentStatus: orderGroups.paymentStatus,
      paymentMethod: orderGroups.paymentMethod,
      remitterId: orderGroups.remitterId,
    })
    .from(orderGroups)
    .where(inArray(orderGroups.id, [...ids]));
}
