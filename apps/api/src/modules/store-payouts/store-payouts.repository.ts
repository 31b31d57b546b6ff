import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { products, stores } from '../../db/schema/catalog.ts';
import { storeMembers, storePayoutAccounts } from '../../db/schema/staff.ts';

export type PayoutAccountRow = typeof storePayoutAccounts.$inferSelect;

export async function findPayoutAccount(
  db: DatabaseOrTransaction,
  storeId: number,
): Promise<PayoutAccountRow | null> {
  const [row] = await db.select().from(storePayoutAccounts).where(eq(storePayoutAccounts.storeId, storeId));
  return row ?? null;
}

/** The store's account, replaced in place (one per store); `for update` first so two owners queue. */
export async function lockPayoutAccount(
  tx: DatabaseOrTransaction,
  storeId: number,
): Promise<PayoutAccountRow | null> {
  const [row] = await tx
    .select()
    .from(storePayoutAccounts)
    .where(eq(storePayoutAccounts.storeId, storeId))
    .for('update');
  return row ?? null;
}

export async function upsertPayoutAccount(
  tx: DatabaseOrTransaction,
  values: Omit<typeof storePayoutAccounts.$inferInsert, 'updatedAt'>,
): Promise<void> {
  const { storeId: _storeId, ...changes } = values;
  await tx
    .insert(storePayoutAccounts)
    .values(values)
    .onConflictDoUpdate({ target: storePayoutAccounts.storeId, set: { ...changes, updatedAt: sql`now()` } });
}

/** The store's owners' e-mails: who is told of an account change. */
export async function ownerEmails(db: DatabaseOrTransaction, storeId: number): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(storeMembers)
    .innerJoin(users, eq(users.id, storeMembers.userId))
    .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.role, 'owner')));
  return rows.map((row) => row.email);
}

/**
 * What the go-live checklist asks of a store, in one query (owners by the members' primary key, products by
 * products_store_name_key's leading store_id, the account by its primary key). Null when there is no store.
 */
export async function readGoLiveFacts(db: DatabaseOrTransaction, storeId: number) {
  const [row] = await db
    .select({
      status: stores.status,
      phone: stores.phone,
      hasHours: sql<boolean>`${stores.openingHours} is not null`,
      owners: sql<number>`(select count(*)::int from ${storeMembers} where ${storeMembers.storeId} = ${stores.id} and ${storeMembers.role} = 'owner')`,
      productsReady: sql<number>`(select count(*)::int from ${products} where ${and(
        eq(products.storeId, stores.id),
        eq(products.active, true),
        gt(products.price, '0'),
        sql`jsonb_array_length(${products.images}) > 0`,
      )})`,
      hasPayoutAccount: sql<boolean>`exists (select 1 from ${storePayoutAccounts} where ${storePayoutAccounts.storeId} = ${stores.id})`,
    })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row ?? null;
}

/** The accounts of several stores: one query on the primary key. */
export async function listPayoutAccounts(db: DatabaseOrTransaction, storeIds: readonly number[]) {
  if (storeIds.length === 0) return [];
  return db
    .select({
      storeId: storePayoutAccounts.storeId,
      bank: storePayoutAccounts.bank,
      accountNumber: storePayoutAccounts.accountNumber,
    })
    .from(storePayoutAccounts)
    .where(inArray(storePayoutAccounts.storeId, [...storeIds]));
}
