import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  catalogRevision,
  categories,
  products,
  searchWords,
  storeCatalogRevisions,
  stores,
} from '../../db/schema/catalog.ts';
import { approvedStoreDeliversTo } from '../stores/store-availability.sql.ts';
import { type ProductRow, productColumns, unitsForSale } from './product-columns.sql.ts';

export interface CategoryRow {
  id: number;
  name: string;
  storeId: number;
}

const isApproved = eq(stores.status, 'approved');
/** A product its owner has switched off (issue 18) is in no list, search or detail a shopper gets. */
const onSale = eq(products.active, true);

function productsOfApprovedStores(db: Database) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .innerJoin(categories, eq(categories.id, products.categoryId));
}

/** The catalog's revision: it changes with every write to stores, categories, products or cities. */
export async function readCatalogRevision(db: Database): Promise<number> {
  const [row] = await db.select({ revision: catalogRevision.revision }).from(catalogRevision);
  return row?.revision ?? 0;
}

/**
 * What a cached catalog answer depends on, in one cheap read (decision 037): `structure` moves with names,
 * prices, categories and which stores a city sees (the global revision and the stores' own revisions);
 * `stock` with any committed stock change of those stores' products (a sum of per-row counters that only
 * count up, so it moves whatever order transactions commit in).
 */
export interface CatalogKeys {
  structure: string;
  stock: string;
}

const GLOBAL_REVISION = sql`(select ${catalogRevision.revision} from ${catalogRevision})`;

function catalogKeysOf(storeCondition: SQL): SQL {
  return sql`select
    ${GLOBAL_REVISION}::text || '.' || coalesce((
      select sum(r.revision) from ${storeCatalogRevisions} r join ${stores} s on s.id = r.store_id
      where ${storeCondition}
    ), 0)::text as structure,
    coalesce((
      select sum(p.stock_version) from ${products} p join ${stores} s on s.id = p.store_id
      where ${storeCondition}
    ), 0)::text as stock`;
}

async function readKeys(db: Database, query: SQL): Promise<CatalogKeys> {
  const result: unknown = await db.execute(query);
  const [row] = (result as { rows: CatalogKeys[] }).rows;
  return { structure: String(row?.structure ?? '0'), stock: String(row?.stock ?? '0') };
}

/** The keys of a city's catalog: the stores that deliver there now. */
export function readCityCatalogKeys(db: Database, cityId: number): Promise<CatalogKeys> {
  return readKeys(
    db,
    catalogKeysOf(approvedStoreDeliversTo(cityId, { id: sql`s.id`, status: sql`s.status` })),
  );
}

/** The keys of one store's catalog. */
export function readStoreCatalogKeys(db: Database, storeId: number): Promise<CatalogKeys> {
  return readKeys(db, catalogKeysOf(sql`s.id = ${storeId}`));
}

/**
 * What the in-memory search (decision 046) is current with: the structure of the whole catalog (the global
 * revision and every store's, decision 037), without the stock half (search reads the stock of the page it
 * answers). Wider than a city's key, so an edit in another city also rebuilds, but one plain sum, where the
 * city's join cost PGlite twice a search's own work; and the typo vocabulary (every city's words) moves with it.
 */
export async function readSearchKey(db: Database): Promise<string> {
  const result: unknown = await db.execute(sql`select
    ${GLOBAL_REVISION}::text || '.' || coalesce((
      select sum(r.revision) from ${storeCatalogRevisions} r
    ), 0)::text as key`);
  const [row] = (result as { rows: Array<{ key: string }> }).rows;
  return String(row?.key ?? '0');
}

/**
 * A city's products on sale with what the in-memory search needs: the search vector as text (the lexemes
 * the database stemmed, with positions and weights) and the folded name (for trigram similarity).
 */
export async function listSearchRowsForCity(
  db: Database,
  cityId: number,
): Promise<Array<ProductRow & { searchVector: string | null; foldedName: string }>> {
  return db
    .select({
      ...productColumns,
      searchVector: sql<string | null>`${products.searchVector}::text`,
      foldedName: sql<string>`search_normalize(${products.name})`,
    })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(onSale, approvedStoreDeliversTo(cityId)))
    .orderBy(asc(products.id));
}

/** The typo vocabulary: every word of 4+ letters of every product's name and category (migration 0002). */
export async function listSearchWords(db: Database): Promise<string[]> {
  const rows = await db.select({ word: searchWords.word }).from(searchWords);
  return rows.map((row) => row.word);
}

/**
 * Each word as the Spanish search configuration reads it (a tsvector as text: its stem, nothing for a stop
 * word), so the in-memory search stems exactly as the database does. `words` are lowercase [a-z0-9].
 */
export async function readSearchLexemes(
  db: Database,
  words: string[],
): Promise<Array<{ word: string; vector: string }>> {
  const result: unknown = await db.execute(sql`
    select t.word, to_tsvector('es_unaccent', t.word)::text as vector
    from unnest(string_to_array(${words.join(' ')}, ' ')) as t(word)`);
  return (result as { rows: Array<{ word: string; vector: string }> }).rows;
}

/** The units for sale now of a few products: the page of a search answer. */
export async function listUnitsForSale(
  db: Database,
  ids: number[],
): Promise<Array<{ id: number; stock: number }>> {
  if (ids.length === 0) return [];
  return db.select({ id: products.id, stock: unitsForSale }).from(products).where(inArray(products.id, ids));
}

/** Only the stock of a city's products: what an answer whose structure is still current needs again. */
export async function listStockForCity(
  db: Database,
  cityId: number,
): Promise<Array<{ id: number; stock: number }>> {
  return db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(approvedStoreDeliversTo(cityId));
}

/** Only the stock of one store's products. */
export async function listStockOfStore(
  db: Database,
  storeId: number,
): Promise<Array<{ id: number; stock: number }>> {
  return db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(eq(products.storeId, storeId));
}

export async function listCategoriesOfApprovedStores(db: Database, cityId?: number): Promise<CategoryRow[]> {
  return db
    .select({ id: categories.id, name: categories.name, storeId: categories.storeId })
    .from(categories)
    .innerJoin(stores, eq(stores.id, categories.storeId))
    .where(cityId === undefined ? isApproved : approvedStoreDeliversTo(cityId))
    .orderBy(asc(stores.sortIndex), asc(categories.storeId), asc(categories.sortIndex), asc(categories.id));
}

export async function listProductsForCity(db: Database, cityId: number): Promise<ProductRow[]> {
  return productsOfApprovedStores(db)
    .where(and(onSale, approvedStoreDeliversTo(cityId)))
    .orderBy(desc(products.popularity), asc(products.id));
}

/** Whether the store exists and is approved: an unknown store's page is a 404, an empty one is not. */
export async function isApprovedStore(db: Database, storeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(isApproved, eq(stores.id, storeId)));
  return row !== undefined;
}

/** One approved store's categories, in the order the city list shows them; empty when it is not approved. */
export async function listCategoriesOfApprovedStore(db: Database, storeId: number): Promise<CategoryRow[]> {
  return db
    .select({ id: categories.id, name: categories.name, storeId: categories.storeId })
    .from(categories)
    .innerJoin(stores, eq(stores.id, categories.storeId))
    .where(and(isApproved, eq(categories.storeId, storeId)))
    .orderBy(asc(categories.sortIndex), asc(categories.id));
}

/** One approved store's products, in the city list's order (a store page needs no other store's). */
export async function listProductsOfApprovedStore(db: Database, storeId: number): Promise<ProductRow[]> {
  return productsOfApprovedStores(db)
    .where(and(isApproved, onSale, eq(products.storeId, storeId)))
    .orderBy(desc(products.popularity), asc(products.id));
}

export async function findProduct(db: Database, id: number): Promise<ProductRow | undefined> {
  const [row] = await productsOfApprovedStores(db).where(and(isApproved, onSale, eq(products.id, id)));
  return row;
}

export async function listProductsOfSameCategory(
  db: Database,
  product: { id: number; categoryId: number },
  limit: number,
): Promise<ProductRow[]> {
  return productsOfApprovedStores(db)
    .where(and(isApproved, onSale, eq(products.categoryId, product.categoryId), ne(products.id, product.id)))
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(limit);
}

/**
 * The search as SQL: the rules the in-memory index (search-index.ts, decision 046) follows and is tested
 * against, and its fallback for a term the index cannot plan alone. Full-text search in Spanish,
 * accent-insensitive, with one typo forgiven in words of 4+ letters: each term is widened to the vocabulary
 * words within one typo of it, the alternatives of a term are OR-ed and the terms AND-ed into one tsquery,
 * built inside the database from the parameter. A term as typed matches as a prefix (the shopper may be
 * mid-word); a typo correction matches whole words only, so 'lehce' finds leche but not lechuga. `terms` are
 * lowercase [a-z0-9] words, space-separated.
 */
export async function searchProducts(
  db: Database,
  query: { cityId: number; terms: string; normalizedText: string },
  limit: number,
  offset = 0,
): Promise<ProductRow[]> {
  const tsquery = sql`(
    select to_tsquery('es_unaccent', string_agg(clause, ' & ' order by position))
    from (
      select position, '(' || string_agg(alternative, ' | ') || ')' as clause
      from (
        select t.position, t.term || ':*' as alternative
        from unnest(string_to_array(${query.terms}, ' ')) with ordinality as t(term, position)
        union
        select t.position, w.word
        from unnest(string_to_array(${query.terms}, ' ')) with ordinality as t(term, position)
        join search_words w
          on length(t.term) >= 4
          and abs(length(w.word) - length(t.term)) <= 1
          -- The C-implemented distance rules out most words before the PL/pgSQL swap check runs.
          and levenshtein_less_equal(w.word, t.term, 2) <= 2
          and within_one_typo(w.word, t.term)
      ) alternatives
      group by position
    ) clauses
  )`;
  return productsOfApprovedStores(db)
    .where(and(onSale, approvedStoreDeliversTo(query.cityId), sql`${products.searchVector} @@ ${tsquery}`))
    .orderBy(
      sql`ts_rank(${products.searchVector}, ${tsquery}) desc`,
      sql`similarity(search_normalize(${products.name}), ${query.normalizedText}) desc`,
      desc(products.popularity),
      asc(products.id),
    )
    .limit(limit)
    .offset(offset);
}
