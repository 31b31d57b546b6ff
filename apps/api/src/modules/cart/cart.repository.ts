import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { cartLines, carts } from '../../db/schema/cart.ts';
import { categories, cities, departments, products, stores } from '../../db/schema/catalog.ts';
import { orderGroups, orderLines, storeOrders } from '../../db/schema/orders.ts';
import { type ProductRow, productColumns, unitsForSale } from '../catalog/product-columns.sql.ts';
import { approvedStoreDeliversTo } from '../stores/store-availability.sql.ts';

/** A transaction handle; every write below runs inside one that holds the cart's row lock. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface CartCityRow {
  id: number;
  name: string;
  state: string;
  stateId: number;
}

export interface CartLineRow extends ProductRow {
  quantity: number;
  /** The city the store is in: the shipping fee is lower when it is the delivery city. */
  storeCityId: number;
  /** Issue 32: snapshot on the order line at placement (decision 076). */
  returnable: boolean;
  /** The line's IVA at purchase (decision 078): the product's own rate, else its store kind's default. */
  vatRate: string | null;
  storeKind: string;
}

/** What the cart's checks need to know about a product, whatever state its store is in. */
export interface ProductCheckRow {
  id: number;
  name: string;
  stock: number;
  approved: boolean;
  deliversToCity: boolean;
  /** The store's name and its owner's pause and closure (issue 18), for the add's refusal. */
  storeName: string;
  pausedUntil: Date | null;
  closedFrom: Date | null;
  closedTo: Date | null;
  closureNote: string;
}

/** The cart's city, or undefined when the user has no cart row yet (or it has no city). */
export async function findCartCity(db: Database, userId: number): Promise<CartCityRow | undefined> {
  const [row] = await db
    .select({ id: cities.id, name: cities.name, state: departments.name, stateId: departments.id })
    .from(carts)
    .innerJoin(cities, eq(cities.id, carts.cityId))
    .innerJoin(departments, eq(departments.id, cities.departmentId))
    .where(eq(carts.userId, userId));
  return row;
}

/**
 * The cart's lines a shopper can buy now, in the order they were first added, each with the whole product
 * (the catalog's columns) and its store's city: one query whatever the number of lines. Lines of a store
 * that stopped being approved or delivering to the cart's city are left out (writes delete them).
 */
export async function listCartLines(db: Database, userId: number): Promise<CartLineRow[]> {
  return db
    .select({
      ...productColumns,
      quantity: cartLines.quantity,
      storeCityId: stores.cityId,
      returnable: products.returnable,
      vatRate: products.vatRate,
      storeKind: stores.kind,
    })
    .from(cartLines)
    .innerJoin(carts, eq(carts.userId, cartLines.userId))
    .innerJoin(products, eq(products.id, cartLines.productId))
    .innerJoin(stores, eq(stores.id, products.storeId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(cartLines.userId, userId), approvedStoreDeliversTo(sql`${carts.cityId}`)))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productId));
}

/**
 * Creates the cart row if missing and locks it until the transaction ends, in one statement (an upsert
 * that always updates takes the row lock, also when it had to wait for a concurrent first insert). Every
 * write to a cart starts here, so concurrent writes to one cart run one after the other.
 */
export async function lockCart(
  tx: Transaction,
  userId: number,
  cityId?: number,
): Promise<{ cityId: number | null; cityName: string | null }> {
  const [row] = await tx
    .insert(carts)
    .values({ userId, cityId: cityId ?? null })
    .onConflictDoUpdate({
      target: carts.userId,
      set: { updatedAt: sql`now()`, ...(cityId === undefined ? {} : { cityId }) },
    })
    .returning({
      cityId: carts.cityId,
      cityName: sql<
        string | null
      >`(select ${cities.name} from ${cities} where ${cities.id} = ${carts.cityId})`,
    });
  if (!row) throw new Error('cart row was not locked');
  return row;
}

/** The products named by `ids` with what the cart's checks need, in one query. */
export async function findProductsForCart(
  tx: Transaction,
  ids: readonly number[],
  cityId: number,
): Promise<ProductCheckRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: products.id,
      name: products.name,
      stock: unitsForSale,
      approved: sql<boolean>`${stores.status} = 'approved'`,
      deliversToCity: sql<boolean>`${approvedStoreDeliversTo(cityId)}`,
      storeName: stores.name,
      pausedUntil: stores.pausedUntil,
      closedFrom: stores.closedFrom,
      closedTo: stores.closedTo,
      closureNote: stores.closureNote,
    })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(inArray(products.id, [...ids]));
}

/** Deletes the lines a shopper could no longer buy for delivery to `cityId` (store not approved, or not delivering there). */
export async function deleteUnavailableLines(tx: Transaction, userId: number, cityId: number): Promise<void> {
  await tx.delete(cartLines).where(
    and(
      eq(cartLines.userId, userId),
      sql`${cartLines.productId} not in (
        select p.id from ${products} p join ${stores} s on s.id = p.store_id
        where ${approvedStoreDeliversTo(cityId, { id: sql`s.id`, status: sql`s.status` })}
      )`,
    ),
  );
}

/** How many lines the cart has, and whether one of them is `productId`'s. */
export async function countCartLines(
  tx: Transaction,
  userId: number,
  productId: number,
): Promise<{ lines: number; hasProduct: boolean }> {
  const [row] = await tx
    .select({
      lines: sql<number>`count(*)::int`,
      hasProduct: sql<boolean>`coalesce(bool_or(${cartLines.productId} = ${productId}), false)`,
    })
    .from(cartLines)
    .where(eq(cartLines.userId, userId));
  return row ?? { lines: 0, hasProduct: false };
}

/** Adds the line, or sets the quantity of the existing one (it keeps its place in the cart). */
export async function upsertCartLine(
  tx: Transaction,
  line: { userId: number; productId: number; quantity: number },
): Promise<void> {
  await tx
    .insert(cartLines)
    .values(line)
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.productId],
      set: { quantity: line.quantity },
    });
}

/**
 * Replaces every line with `lines`, which keep the order given: one delete and one multi-row insert.
 * The insert's rows share the transaction's now(), so each is offset by its position in microseconds.
 * The rows are written in product-id order (their position only sets `added_at`): each row's foreign key
 * takes a share lock on its product, and taking them in the order checkout locks products means a cart
 * write and an order never wait on each other in a cycle (decision 036).
 */
export async function replaceCartLines(
  tx: Transaction,
  userId: number,
  lines: ReadonlyArray<{ productId: number; quantity: number }>,
): Promise<void> {
  await tx.delete(cartLines).where(eq(cartLines.userId, userId));
  if (lines.length === 0) return;
  const rows = lines
    .map((line, position) => ({ ...line, position }))
    .sort((a, b) => a.productId - b.productId);
  await tx.insert(cartLines).values(
    rows.map((line) => ({
      userId,
      productId: line.productId,
      quantity: line.quantity,
      addedAt: sql`now() + ${line.position}::int * interval '1 microsecond'`,
    })),
  );
}

export async function deleteCartLine(db: Database, userId: number, productId: number): Promise<void> {
  await db.delete(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.productId, productId)));
}

export async function deleteAllCartLines(db: Database, userId: number): Promise<void> {
  await db.delete(cartLines).where(eq(cartLines.userId, userId));
}

/** The group's lines leave the cart once it is paid (or placed for transfer): lines added since stay. */
export async function deleteOrderedCartLines(tx: DatabaseOrTransaction, groupId: number): Promise<void> {
  await tx.execute(sql`
    delete from ${cartLines} c
    using ${orderGroups} g
    where g.id = ${groupId} and c.user_id = g.remitter_id and c.product_id in (
      select l.product_id from ${orderLines} l join ${storeOrders} so on so.id = l.store_order_id
      where so.group_id = ${groupId} and l.product_id is not null
    )
  `);
}
