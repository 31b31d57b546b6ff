import type { VatRate } from '@mandado/shared/iva';
import { returnableByDefault } from '@mandado/shared/return-status';
import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { categories, products, stores } from '../../db/schema/catalog.ts';
import { orderLines, storeOrders } from '../../db/schema/orders.ts';

export interface MerchantProductRow {
  id: number;
  name: string;
  description: string;
  categoryId: number;
  categoryName: string;
  price: string;
  merchantDiscountedPrice: string | null;
  discount: boolean;
  currency: string;
  stock: number;
  active: boolean;
  images: string[];
  /** Issue 32 (decision 076): may be returned within 5 business days. */
  returnable: boolean;
  vatRate: VatRate | null;
}

const COLUMNS = {
  id: products.id,
  name: products.name,
  description: products.description,
  categoryId: products.categoryId,
  categoryName: categories.name,
  price: products.price,
  merchantDiscountedPrice: products.merchantDiscountedPrice,
  discount: products.discount,
  currency: products.currency,
  stock: products.stock,
  active: products.active,
  images: products.images,
  returnable: products.returnable,
  vatRate: products.vatRate,
};

/** LIKE's own characters, taken literally in what the owner typed. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * One page of a store's products by name (the store's names are unique, so `(name, id)` orders them fully),
 * after `after` when given: a keyset page, as fast on page 300 as on page 1, read through the unique
 * (store_id, name) index. `search` matches inside the name, accents and case aside (search_normalize, the
 * function shop search folds with).
 */
export async function listStoreProducts(
  db: Database,
  storeId: number,
  options: { search: string | null; after: { name: string; id: number } | null; limit: number },
): Promise<MerchantProductRow[]> {
  const conditions: SQL[] = [eq(products.storeId, storeId)];
  if (options.search) {
    conditions.push(
      sql`search_normalize(${products.name}) like search_normalize(${likeContains(options.search)}) escape '\\'`,
    );
  }
  if (options.after) {
    const after = options.after;
    const next = or(
      gt(products.name, after.name),
      and(eq(products.name, after.name), gt(products.id, after.id)),
    );
    if (next) conditions.push(next);
  }
  return db
    .select(COLUMNS)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...conditions))
    .orderBy(asc(products.name), asc(products.id))
    .limit(options.limit);
}

export async function findStoreProduct(
  db: DatabaseOrTransaction,
  storeId: number,
  productId: number,
): Promise<MerchantProductRow | null> {
  const [row] = await db
    .select(COLUMNS)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
  return row ?? null;
}

export async function listStoreCategories(
  db: DatabaseOrTransaction,
  storeId: number,
): Promise<Array<{ id: number; name: string }>> {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.storeId, storeId))
    .orderBy(asc(categories.sortIndex), asc(categories.id));
}

/** The currency the store prices in: that of its newest product, pesos for a store with none yet. */
export async function readStoreCurrency(db: DatabaseOrTransaction, storeId: number): Promise<string> {
  const [row] = await db
    .select({ currency: products.currency })
    .from(products)
    .where(eq(products.storeId, storeId))
    .orderBy(sql`${products.id} desc`)
    .limit(1);
  return row?.currency ?? 'UYU';
}

export interface ProductValues {
  name: string;
  description: string;
  categoryId: number;
  price: string;
  merchantDiscountedPrice: string | null;
  discount: boolean;
  stock: number;
  active: boolean;
  images: string[];
  vatRate: VatRate | null;
  /** Issue 32: absent on create means the store kind's default, on update leaves it as it is. */
  returnable?: boolean;
}

/** A new product's `returnable` when none is given: its store kind's default (decision 076), read once. */
async function returnableOfStoreKind(db: DatabaseOrTransaction, storeId: number): Promise<boolean> {
  const [row] = await db.select({ kind: stores.kind }).from(stores).where(eq(stores.id, storeId));
  return row ? returnableByDefault(row.kind) : true;
}

/** Inserts the product; null when the store already has one by that name (the unique index said so). */
export async function insertProduct(
  db: DatabaseOrTransaction,
  storeId: number,
  currency: string,
  values: ProductValues,
): Promise<number | null> {
  const [row] = await db
    .insert(products)
    .values({
      storeId,
      currency,
      ...values,
      returnable: values.returnable ?? (await returnableOfStoreKind(db, storeId)),
    })
    .onConflictDoNothing({ target: [products.storeId, products.name] })
    .returning({ id: products.id });
  return row?.id ?? null;
}

/** Whether another product of the store has this name (the unique index would refuse the update). */
export async function nameTakenByAnother(
  db: DatabaseOrTransaction,
  storeId: number,
  name: string,
  productId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.name, name), sql`${products.id} <> ${productId}`));
  return row !== undefined;
}

export async function updateProduct(
  db: DatabaseOrTransaction,
  storeId: number,
  productId: number,
  values: ProductValues,
): Promise<boolean> {
  const rows = await db
    .update(products)
    .set(values)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)))
    .returning({ id: products.id });
  return rows.length > 0;
}

/**
 * Moves or sets the stock in one statement, never below 0, so two quick taps and a checkout taking units at
 * the same moment all count (no read-then-write). Null when the product is not the store's.
 */
export async function changeStock(
  db: DatabaseOrTransaction,
  storeId: number,
  productId: number,
  change: { delta: number } | { set: number },
  max: number,
): Promise<{ before: number; after: number } | null> {
  const next =
    'delta' in change
      ? sql`least(${max}::int, greatest(0, p.stock + ${change.delta}::int))`
      : sql`${change.set}::int`;
  const result: unknown = await db.execute(sql`
    update ${products} p set stock = ${next}
    from (select id, stock from ${products} where id = ${productId} and store_id = ${storeId} for update) old
    where p.id = old.id
    returning old.stock as before, p.stock as after
  `);
  const [row] = (result as { rows: Array<{ before: number | string; after: number | string }> }).rows;
  return row ? { before: Number(row.before), after: Number(row.after) } : null;
}

/** What an import compares a row with: every product of the store, by name. */
export interface ImportTargetRow {
  id: number;
  name: string;
  description: string;
  categoryId: number;
  price: string;
  merchantDiscountedPrice: string | null;
  discount: boolean;
  stock: number;
  active: boolean;
  returnable: boolean;
  vatRate: VatRate | null;
}

export async function listProductsForImport(
  db: DatabaseOrTransaction,
  storeId: number,
): Promise<ImportTargetRow[]> {
  return db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      categoryId: products.categoryId,
      price: products.price,
      merchantDiscountedPrice: products.merchantDiscountedPrice,
      discount: products.discount,
      stock: products.stock,
      active: products.active,
      returnable: products.returnable,
      vatRate: products.vatRate,
    })
    .from(products)
    .where(eq(products.storeId, storeId));
}

/** The products of the store with their category's name, by name: what the CSV export writes. */
export async function listProductsForExport(db: Database, storeId: number) {
  return db
    .select({
      name: products.name,
      description: products.description,
      category: categories.name,
      price: products.price,
      merchantDiscountedPrice: products.merchantDiscountedPrice,
      discount: products.discount,
      stock: products.stock,
      active: products.active,
      returnable: products.returnable,
      vatRate: products.vatRate,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.storeId, storeId))
    .orderBy(asc(products.name), asc(products.id));
}

export async function insertCategories(
  db: DatabaseOrTransaction,
  storeId: number,
  names: readonly string[],
): Promise<Array<{ id: number; name: string }>> {
  if (names.length === 0) return [];
  return db
    .insert(categories)
    .values(names.map((name, index) => ({ storeId, name, sortIndex: 1000 + index })))
    .returning({ id: categories.id, name: categories.name });
}

/** Rows per statement: 10 parameters each stays far under PostgreSQL's 65,535. */
const BATCH = 500;

export async function insertProductsBulk(
  db: DatabaseOrTransaction,
  storeId: number,
  currency: string,
  rows: readonly ProductValues[],
): Promise<void> {
  const fallback = rows.length > 0 ? await returnableOfStoreKind(db, storeId) : true;
  for (let start = 0; start < rows.length; start += BATCH) {
    await db.insert(products).values(
      rows.slice(start, start + BATCH).map((row) => ({
        storeId,
        currency,
        ...row,
        returnable: row.returnable ?? fallback,
      })),
    );
  }
}

/** Applies each row's values to the store's product of that id, a batch of rows per statement. */
export async function updateProductsBulk(
  db: DatabaseOrTransaction,
  storeId: number,
  rows: ReadonlyArray<Omit<ProductValues, 'images'> & { id: number }>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const values = sql.join(
      rows
        .slice(start, start + BATCH)
        .map(
          (row) =>
            sql`(${row.id}::int, ${row.name}::text, ${row.description}::text, ${row.categoryId}::int, ${row.price}::numeric, ${row.merchantDiscountedPrice}::numeric, ${row.discount}::boolean, ${row.stock}::int, ${row.active}::boolean, ${row.returnable ?? null}::boolean, ${row.vatRate}::text)`,
        ),
      sql`, `,
    );
    await db.execute(sql`
      update ${products} p set
        name = v.name, description = v.description, category_id = v.category_id, price = v.price,
        merchant_discounted_price = v.discounted, discount = v.discount, stock = v.stock, active = v.active,
        returnable = coalesce(v.returnable, p.returnable), vat_rate = v.vat_rate
      from (values ${values}) as v(id, name, description, category_id, price, discounted, discount, stock, active, returnable, vat_rate)
      where p.id = v.id and p.store_id = ${storeId}
    `);
  }
}

// Stock taken by placing and given back by a release (decision 057: the orders module asks this module).

/**
 * Locks the products' rows in id order, FOR NO KEY UPDATE (see takeStock). The placing transaction takes it
 * before the unpaid-share check of issue 27 too, so that check and the stock taken are under one lock.
 */
export async function lockStockRows(tx: DatabaseOrTransaction, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...productIds]))
    .orderBy(asc(products.id))
    .for('no key update');
}

/**
 * Takes the units of every product that still has them, by one conditional update per row
 * (`stock >= quantity`), after locking the rows in id order so two checkouts sharing products never deadlock.
 * The lock is FOR NO KEY UPDATE (the update changes no key): it does not conflict with the key-share locks
 * that cart lines' foreign keys take on the same products, so a checkout and other shoppers' cart writes
 * never wait on each other (decision 036). Answers the ids whose stock was short (the caller rolls back).
 */
export async function takeStock(
  tx: DatabaseOrTransaction,
  wanted: ReadonlyArray<{ productId: number; quantity: number }>,
): Promise<number[]> {
  if (wanted.length === 0) return [];
  const ids = wanted.map((item) => item.productId);
  await lockStockRows(tx, ids);
  const values = sql.join(
    wanted.map((item) => sql`(${item.productId}::int, ${item.quantity}::int)`),
    sql`, `,
  );
  const result: unknown = await tx.execute(sql`
    update ${products} p set stock = p.stock - w.quantity
    from (values ${values}) as w(id, quantity)
    where p.id = w.id and p.active and p.stock >= w.quantity
    returning p.id
  `);
  const taken = new Set((result as { rows: Array<{ id: number }> }).rows.map((row) => Number(row.id)));
  return ids.filter((id) => !taken.has(id));
}

/** 'Marcar como agotado' (issue 31): the store's product off sale until it sets a stock again. */
export async function setProductSoldOut(
  tx: DatabaseOrTransaction,
  storeId: number,
  productId: number,
): Promise<void> {
  await tx.execute(sql`update ${products} set stock = 0 where id = ${productId} and store_id = ${storeId}`);
}

/** Puts back every unit the group's lines took (products deleted since keep nothing to return). */
export async function returnStock(tx: DatabaseOrTransaction, groupId: number): Promise<void> {
  await tx.execute(sql`
    update ${products} p set stock = p.stock + taken.quantity
    from (
      select l.product_id, sum(l.quantity)::int as quantity
      from ${orderLines} l join ${storeOrders} so on so.id = l.store_order_id
      where so.group_id = ${groupId} and l.product_id is not null
      group by l.product_id
    ) taken
    where p.id = taken.product_id
  `);
}
