import { createHash } from 'node:crypto';
import type { Category, CategoryProducts, City, Product } from '@mandado/shared/catalog.schemas';
import { SEARCH_PAGE_SIZE } from '@mandado/shared/validation-rules';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http-errors.ts';
import { requireServedCity } from '../locations/locations.service.ts';
import {
  type CatalogKeys,
  type CategoryRow,
  findProduct,
  isApprovedStore,
  listCategoriesOfApprovedStore,
  listCategoriesOfApprovedStores,
  listProductsForCity,
  listProductsOfApprovedStore,
  listProductsOfSameCategory,
  listSearchRowsForCity,
  listSearchWords,
  listStockForCity,
  listStockOfStore,
  listUnitsForSale,
  readCatalogRevision,
  readCityCatalogKeys,
  readSearchKey,
  readSearchLexemes,
  readStoreCatalogKeys,
  searchProducts,
} from './catalog.repository.ts';
import { presentCategory, presentProduct } from './product.presenter.ts';
import type { ProductRow } from './product-columns.sql.ts';
import {
  buildSearchIndex,
  buildVocabulary,
  correctionsOf,
  planSearch,
  type SearchIndex,
  searchIndex,
  type Vocabulary,
} from './search-index.ts';
import { parseTsvector } from './search-rank.ts';
import { normalizeSearchText, searchTerms } from './search-terms.ts';

export async function getCategories(db: Database): Promise<Category[]> {
  return (await listCategoriesOfApprovedStores(db)).map(presentCategory);
}

export interface ProductsByCity {
  cityId: number;
  /** Names the answer for HTTP caching (ETag): the same number on every instance for the same data. */
  revision: number;
  /** What the lists were read at (decision 037); `categories` moves to a new `stock` without a reload. */
  keys: CatalogKeys;
  categories: CategoryProducts[];
}

/** Per app instance: each instance checks the shared keys, so several instances stay correct. */
export type ProductsByCityCache = Map<number, ProductsByCity>;

export function createProductsByCityCache(): ProductsByCityCache {
  return new Map();
}

/** One number for both keys, the same on every instance, so a proxy may send a shopper to any of them. */
function revisionOf(keys: CatalogKeys): number {
  return Number.parseInt(
    createHash('sha256').update(`${keys.structure}/${keys.stock}`).digest('hex').slice(0, 12),
    16,
  );
}

/**
 * A cached answer whose structure is current but whose stock moved (an order, a release): the same lists
 * with each product's stock read again, one narrow query instead of the catalog's joins (decision 037).
 */
function withStock(
  categories: CategoryProducts[],
  stock: ReadonlyArray<{ id: number; stock: number }>,
): CategoryProducts[] {
  const stockById = new Map(stock.map((row) => [row.id, row.stock]));
  return categories.map((category) => ({
    ...category,
    products: category.products.map((product) => {
      const now = stockById.get(product.id);
      return now === undefined || now === product.stock ? product : { ...product, stock: now };
    }),
  }));
}

/**
 * Spec §4 'Products per city': every category of the city's stores with its products, or flagged empty.
 * The whole city's catalog is the largest answer we give and changes rarely, so it is kept per city until
 * its keys move: a name, price or category change of one of its stores reloads it, a stock change (every
 * order) only re-reads the stock column. A request costs one small read while nothing changed.
 */
export async function getProductsByCategoryForCity(
  db: Database,
  cache: ProductsByCityCache,
  cityOrState: string,
): Promise<ProductsByCity> {
  const city = await requireServedCity(db, cityOrState);
  // Read before the lists: a write in between leaves this entry already stale (reloaded on the next
  // request), never newer-looking than its data.
  const keys = await readCityCatalogKeys(db, city.id);
  const cached = cache.get(city.id);
  if (cached?.keys.structure === keys.structure) {
    if (cached.keys.stock === keys.stock) return cached;
    const entry: ProductsByCity = {
      ...cached,
      keys,
      revision: revisionOf(keys),
      categories: withStock(cached.categories, await listStockForCity(db, city.id)),
    };
    cache.set(city.id, entry);
    return entry;
  }

  const [categoryRows, productRows] = await Promise.all([
    listCategoriesOfApprovedStores(db, city.id),
    listProductsForCity(db, city.id),
  ]);
  const entry: ProductsByCity = {
    cityId: city.id,
    revision: revisionOf(keys),
    keys,
    categories: groupByCategory(categoryRows, productRows),
  };
  cache.set(city.id, entry);
  return entry;
}

export interface ProductsOfStore {
  storeId: number;
  /** As for a city: names the answer for HTTP caching (ETag). */
  revision: number;
  keys: CatalogKeys;
  categories: CategoryProducts[];
}

/** Per app instance, like the city cache: a store page is opened far more often than the catalog changes. */
export type ProductsOfStoreCache = Map<number, ProductsOfStore>;

export function createProductsOfStoreCache(): ProductsOfStoreCache {
  return new Map();
}

/**
 * One store's categories with their products, in the city answer's shape (decision 017): a store page needs a
 * few dozen products, not the whole city's catalog. 404 when the store does not exist or is not approved.
 * Keyed by the store's own revision (decision 037): another store's edit leaves it cached.
 */
export async function getProductsOfStore(
  db: Database,
  cache: ProductsOfStoreCache,
  storeId: number,
): Promise<ProductsOfStore> {
  const keys = await readStoreCatalogKeys(db, storeId);
  const cached = cache.get(storeId);
  if (cached?.keys.structure === keys.structure) {
    if (cached.keys.stock === keys.stock) return cached;
    const entry: ProductsOfStore = {
      ...cached,
      keys,
      revision: revisionOf(keys),
      categories: withStock(cached.categories, await listStockOfStore(db, storeId)),
    };
    cache.set(storeId, entry);
    return entry;
  }

  const [categoryRows, productRows, approved] = await Promise.all([
    listCategoriesOfApprovedStore(db, storeId),
    listProductsOfApprovedStore(db, storeId),
    isApprovedStore(db, storeId),
  ]);
  if (!approved) throw notFound();
  const entry: ProductsOfStore = {
    storeId,
    revision: revisionOf(keys),
    keys,
    categories: groupByCategory(categoryRows, productRows),
  };
  cache.set(storeId, entry);
  return entry;
}

/** Spec §4: each category with its products, flagged empty when it has none. */
function groupByCategory(categoryRows: CategoryRow[], productRows: ProductRow[]): CategoryProducts[] {
  const productsByCategory = new Map<number, Product[]>();
  for (const row of productRows) {
    const list = productsByCategory.get(row.categoryId) ?? [];
    list.push(presentProduct(row));
    productsByCategory.set(row.categoryId, list);
  }
  return categoryRows.map((category) => {
    const products = productsByCategory.get(category.id) ?? [];
    return {
      category: category.id,
      name: category.name,
      store_id: category.storeId,
      products,
      notProducts: products.length === 0,
    };
  });
}

/**
 * The catalog's global revision (decision 037): it moves with every write to stores, their cities and the
 * cities, so what depends only on those (a store by its slug, the served cities, a city's stores) is current
 * while it stays (decision 087). One single-row read.
 */
export function getCatalogRevision(db: Database): Promise<number> {
  return readCatalogRevision(db);
}

/**
 * The global revision a catalog's keys were read at: their structure key starts with it (catalogKeysOf in the
 * repository), so a page that read a store's keys knows the stores' and cities' revision without another query.
 */
export function catalogRevisionOf(keys: CatalogKeys): number {
  return Number.parseInt(keys.structure.split('.')[0] ?? '', 10);
}

export async function getProduct(db: Database, id: number): Promise<Product> {
  const row = await findProduct(db, id);
  if (!row) throw notFound();
  return presentProduct(row);
}

/**
 * Per app instance, like the catalog caches (decision 046): one search index per city and the typo
 * vocabulary, current with the catalog's structure key read on every search (decision 037), so several
 * instances stay correct; and the lexemes the database gave for words already seen.
 * Each index and vocabulary is a promise: searches arriving while it is built await the same build.
 */
export interface SearchIndexCache {
  cities: Map<number, { key: string; index: Promise<SearchIndex> }>;
  /** Served cities by the name asked, for the key they were read at (cities move the global revision). */
  servedCities: { key: string; byName: Map<string, City> };
  vocabulary: { key: string; words: Promise<Vocabulary> } | undefined;
  /** A word's lexemes in the Spanish configuration: none for a stop word, one for a word, more is rare. */
  lexemes: Map<string, string[]>;
}

export function createSearchIndexCache(): SearchIndexCache {
  return {
    cities: new Map(),
    servedCities: { key: '', byName: new Map() },
    vocabulary: undefined,
    lexemes: new Map(),
  };
}

/** Stems depend on the words alone, so they stay known; the bound only keeps odd input from growing it. */
const MAX_REMEMBERED_LEXEMES = 50_000;

/** Kept until a later key replaces it; a failed build is forgotten, so the next search tries again. */
function remembered<T>(
  current: { key: string; value: Promise<T> } | undefined,
  key: string,
  build: () => Promise<T>,
  keep: (entry: { key: string; value: Promise<T> } | undefined) => void,
): Promise<T> {
  if (current?.key === key) return current.value;
  const entry = { key, value: build() };
  keep(entry);
  entry.value.catch(() => keep(undefined));
  return entry.value;
}

function cityIndex(db: Database, cache: SearchIndexCache, cityId: number, key: string): Promise<SearchIndex> {
  const cached = cache.cities.get(cityId);
  return remembered(
    cached && { key: cached.key, value: cached.index },
    key,
    async () =>
      buildSearchIndex(
        (await listSearchRowsForCity(db, cityId)).map(({ searchVector, foldedName, ...row }) => ({
          row,
          searchVector,
          foldedName,
        })),
      ),
    (entry) => {
      const now = cache.cities.get(cityId);
      if (entry) cache.cities.set(cityId, { key: entry.key, index: entry.value });
      else if (now?.key === key) cache.cities.delete(cityId);
    },
  );
}

function vocabularyOf(db: Database, cache: SearchIndexCache, key: string): Promise<Vocabulary> {
  const cached = cache.vocabulary;
  return remembered(
    cached && { key: cached.key, value: cached.words },
    key,
    async () => buildVocabulary(await listSearchWords(db)),
    (entry) => {
      if (entry) cache.vocabulary = { key: entry.key, words: entry.value };
      else if (cache.vocabulary?.key === key) cache.vocabulary = undefined;
    },
  );
}

/** Asks the database only for the words it has not stemmed for this instance yet. */
async function learnLexemes(db: Database, cache: SearchIndexCache, words: string[]): Promise<void> {
  const unknown = [...new Set(words)].filter((word) => !cache.lexemes.has(word));
  if (unknown.length === 0) return;
  if (cache.lexemes.size + unknown.length > MAX_REMEMBERED_LEXEMES) cache.lexemes.clear();
  for (const { word, vector } of await readSearchLexemes(db, unknown)) {
    cache.lexemes.set(
      word,
      parseTsvector(vector).map((entry) => entry.lexeme),
    );
  }
}

/**
 * One page of a search (SEARCH_PAGE_SIZE results; the dropdown shows the first), from the city's index in
 * memory (decision 046): the same matches and order as the SQL search, at a fraction of its cost. One row more
 * than the page tells whether another page follows. Stock changes with every order and rebuilds nothing: the
 * page's units for sale are read again, one query by id.
 */
/** A bound on the names remembered per key: the cities asked for are few, odd input must not grow it. */
const MAX_REMEMBERED_CITY_NAMES = 100;

/**
 * The served city a search names, read once per catalog key instead of once per search (1.7 ms on PGlite, a
 * fifth of a search): a city's change moves the global revision the key carries. An unknown city is not
 * remembered; it answers 404 each time, as before.
 */
async function servedCityAt(
  db: Database,
  cache: SearchIndexCache,
  key: string,
  cityOrState: string,
): Promise<City> {
  const memo = cache.servedCities;
  if (memo.key !== key) {
    memo.key = key;
    memo.byName.clear();
  }
  const known = memo.byName.get(cityOrState);
  if (known) return known;
  const city = await requireServedCity(db, cityOrState);
  if (memo.key === key && memo.byName.size < MAX_REMEMBERED_CITY_NAMES) memo.byName.set(cityOrState, city);
  return city;
}

export async function searchProductsInCity(
  db: Database,
  cache: SearchIndexCache,
  cityOrState: string,
  text: string,
  page = 1,
): Promise<{ results: Product[]; page: number; has_next: boolean }> {
  // Read before the index: a write in between only makes the next search rebuild (as for the city's lists).
  const key = await readSearchKey(db);
  const city = await servedCityAt(db, cache, key, cityOrState);
  const terms = searchTerms(text);
  if (terms.length === 0) return { results: [], page, has_next: false };
  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  const normalizedText = normalizeSearchText(text);
  const [index, vocabulary] = await Promise.all([
    cityIndex(db, cache, city.id, key),
    vocabularyOf(db, cache, key),
  ]);
  const corrections = terms.map((term) => correctionsOf(vocabulary, term));
  const words = [...terms, ...corrections.flat()];
  await learnLexemes(db, cache, words);

  let rows: ProductRow[];
  if (words.some((word) => (cache.lexemes.get(word)?.length ?? 0) > 1)) {
    // A run such as '1e5x' that the parser splits in two makes a phrase in a tsquery: the database's case.
    rows = await searchProducts(
      db,
      { cityId: city.id, terms: terms.join(' '), normalizedText },
      SEARCH_PAGE_SIZE + 1,
      offset,
    );
  } else {
    const plan = planSearch(
      terms,
      corrections,
      (word) => cache.lexemes.get(word)?.[0] ?? null,
      normalizedText,
    );
    const found = searchIndex(index, plan).slice(offset, offset + SEARCH_PAGE_SIZE + 1);
    const stock = new Map(
      (
        await listUnitsForSale(
          db,
          found.map((product) => product.row.id),
        )
      ).map((entry) => [entry.id, entry.stock]),
    );
    rows = found.map((product) => ({ ...product.row, stock: stock.get(product.row.id) ?? 0 }));
  }
  return {
    results: rows.slice(0, SEARCH_PAGE_SIZE).map(presentProduct),
    page,
    has_next: rows.length > SEARCH_PAGE_SIZE,
  };
}

/** For the suggestions beside a product (orders' "bought together"): its row, or undefined when not on sale. */
export function findProductRow(db: Database, id: number): Promise<ProductRow | undefined> {
  return findProduct(db, id);
}

/** The most popular products of a product's category, without it: what fills "bought together" up. */
export function listPopularOfSameCategory(
  db: Database,
  product: { id: number; categoryId: number },
  limit: number,
): Promise<ProductRow[]> {
  return listProductsOfSameCategory(db, product, limit);
}

/**
 * A store's products on sale, as rows with their prices and stock: what its members may offer instead of a
 * missing line (issue 17, the store inbox), which then keeps only the ones at the same or a lower price.
 */
export function listStoreProductRows(db: Database, storeId: number): Promise<ProductRow[]> {
  return listProductsOfApprovedStore(db, storeId);
}

/**
 * The catalog caches this instance keeps, shared with the browse pages' HTML (plugins/web-app.ts), which reads
 * the same catalogs and searches: one copy in memory, rebuilt once per catalog change.
 */
export interface CatalogCaches {
  productsOfStore: ProductsOfStoreCache;
  searchIndex: SearchIndexCache;
}

export function createCatalogCaches(): CatalogCaches {
  return { productsOfStore: createProductsOfStoreCache(), searchIndex: createSearchIndexCache() };
}
