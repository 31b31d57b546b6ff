import type { City, Product } from '@mandado/shared/catalog.schemas';
import { parseMoney } from '@mandado/shared/money';
import { moneyText } from '@mandado/shared/money-text';
import { effectivePrice } from '@mandado/shared/product-price';
import { storeSlug } from '@mandado/shared/store-kinds';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '@mandado/shared/validation-rules';
import {
  citiesQueryKey,
  cityStoresQueryKey,
  type PageDataEntry,
  productQueryKey,
  searchResultsPageParam,
  searchResultsPageQueryKey,
  storeCatalogQueryKey,
} from '@mandado/shared/web-page-data';
import { patternToRegExp, storeSegmentOf, WEB_PATHS } from '@mandado/shared/web-routes';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import {
  getProduct,
  type ProductsOfStoreCache,
  type SearchIndexCache,
  searchProductsInCity,
} from '../catalog/catalog.service.ts';
import { linkPreviewImage } from '../media/link-preview.ts';
import type { RecentReads } from './recent-reads.ts';
import { storesPageCityData } from './stores-page.service.ts';
import { type CatalogView, catalogAtRevision, storeOfPage } from './web-page-cache.ts';

/** What a browse page's HTML says of it before any script runs (decision 066). */
export interface WebPageHead {
  status: 200 | 404;
  title: string;
  description: string;
  /** The page's own path and query on the site (canonical and og:url), or null for a 404. */
  canonicalPath: string | null;
  /** The preview image: a site path (/media/…) or an absolute URL; null: none. */
  image: string | null;
  ogType: 'website' | 'product';
  /** A product page's price as Open Graph's product:price tags take it. */
  price: { amount: string; currency: string } | null;
  /** schema.org objects, each written as its own JSON-LD block (the site's URL filled in by the presenter). */
  jsonLd: JsonLd[];
  /** Query cache entries the page's first render needs, embedded in the HTML. */
  data: PageDataEntry[];
  /**
   * The served cities and the implied city's stores when the page needs them to render (a store page,
   * decision 079), in a block of their own: the same on every store page, and the part that goes once the
   * city reaches the server another way.
   */
  cityData: PageDataEntry[];
  /** The site's own data, the same on every page: the promo banner (web-page-site-data.service.ts). */
  siteData: PageDataEntry[];
  /**
   * The page's first screen depends on what the server does not know (`/stores` without a city, decision 084;
   * the search results among several served cities, decision 083): its HTML keeps the empty root, which the
   * browser renders as before decision 079.
   */
  shellOnly?: boolean;
}

/** What the server knows of the visitor that a page's first render depends on. */
export interface WebPageVisitor {
  /** The city the visitor's city cookie names (decision 084), parsed but not yet checked against the served. */
  cityId: number | null;
}

/**
 * What the search results page's data is read with (decision 083): the search index, and the reads shared
 * for a few seconds (recent-reads.ts).
 */
export interface BrowsePageReads {
  searchIndex: SearchIndexCache;
  recent: RecentReads;
}

export type JsonLd = { kind: 'organization' } | { kind: 'product'; product: Product; path: string };

export const SITE_NAME = 'Mandado';
const DEFAULT_TITLE = 'Mandado Compras Online';
const DEFAULT_DESCRIPTION =
  'Compra desde el exterior en tiendas de Montevideo y lo entregamos en la casa de tu familia en 24 a 48 horas.';
/** Search engines show about this many characters of a description; WhatsApp fewer. */
const DESCRIPTION_LENGTH = 160;

const base: Omit<WebPageHead, 'title' | 'description' | 'canonicalPath'> = {
  status: 200,
  image: null,
  ogType: 'website',
  price: null,
  jsonLd: [],
  data: [],
  cityData: [],
  siteData: [],
};

const NOT_FOUND: WebPageHead = {
  ...base,
  status: 404,
  title: `Página no encontrada | ${SITE_NAME}`,
  description: DEFAULT_DESCRIPTION,
  canonicalPath: null,
};

const matches = (pattern: string) => {
  const regExp = patternToRegExp(pattern);
  return (pathname: string) => regExp.test(pathname);
};
const isHome = matches(WEB_PATHS.home);
const isStores = matches(WEB_PATHS.stores);
const isStoreCategory = matches(WEB_PATHS.storeCategoryProducts);
const isProductDetails = matches(WEB_PATHS.productDetails);
const isSearch = matches(WEB_PATHS.search);

/** Text cut at a word before `length` characters, with an ellipsis when cut; whitespace runs made one space. */
function clip(text: string, length = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

function segmentOf(pathname: string, index: number): string {
  const raw = pathname.split('/')[index] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}

/** "US$ 10,98": the price the shopper pays, as the shop shows it. */
function productPriceText(product: Product): string {
  return moneyText(parseMoney(effectivePrice(product)), { code: product.currency });
}

function productPath(product: Product): string {
  return `/${encodeURIComponent(storeSlug(product.store_name))}/productDetails?id=${product.id}`;
}

function isNotFound(error: unknown): boolean {
  return error instanceof HttpError && error.statusCode === 404;
}

/**
 * The served cities and, when there is only one (the city a shared link implies, issue 30 item 5), its
 * stores: what a store page waits for before its header and products, so its markup (decision 079) and the
 * browser's first render have them. A product page takes the cities only: with the implied city its markup
 * has the address bar a first visit sees. With several cities a visitor chooses first: nothing to add.
 */
async function onlyCityStores(db: Database, withStores = true, view?: CatalogView): Promise<PageDataEntry[]> {
  // Read through the page's view of the catalog (decision 087): cached while the catalog's revision stays.
  const catalog = view ?? (await catalogAtRevision(db));
  const cities = await catalog.servedCities();
  const only = cities.length === 1 ? cities[0] : undefined;
  if (!only) return [];
  const citiesEntry = { key: citiesQueryKey(), value: cities };
  if (!withStores) return [citiesEntry];
  return [citiesEntry, { key: cityStoresQueryKey(only.state), value: await catalog.cityStores(only.state) }];
}

/**
 * The results page's data for its markup (decision 083): the served city (the only one, implied as on a store
 * page) and the first screen's page of results, read as `GET /v1/products/:city/?search=&page=` answers it and
 * keyed as the shop's search page asks it. With several cities the server cannot know the visitor's: the
 * shell. A term the API would refuse (too short or too long) embeds no results: the page says so itself.
 * Read once per few seconds per term and page (`recent-reads.ts`).
 */
function searchResultsData(
  db: Database,
  reads: BrowsePageReads,
  search: URLSearchParams,
): Promise<Pick<WebPageHead, 'data' | 'cityData' | 'shellOnly'>> {
  const term = (search.get('q') ?? '').trim();
  const page = searchResultsPageParam(search.get('pagina'));
  return reads.recent.read(`search\n${page}\n${term}`, () =>
    readSearchResultsData(db, reads.searchIndex, term, page),
  );
}

async function readSearchResultsData(
  db: Database,
  cache: SearchIndexCache,
  term: string,
  page: number,
): Promise<Pick<WebPageHead, 'data' | 'cityData' | 'shellOnly'>> {
  const cities = await (await catalogAtRevision(db)).servedCities();
  const only: City | undefined = cities.length === 1 ? cities[0] : undefined;
  if (!only) return { data: [], cityData: [], shellOnly: true };
  const cityData = [{ key: citiesQueryKey(), value: cities }];
  // The page's own reading of the address (search.page.tsx): the trimmed `q`, `pagina` 1 to 50.
  if (term.length < SEARCH_MIN_LENGTH || term.length > SEARCH_MAX_LENGTH) return { data: [], cityData };
  const results = await searchProductsInCity(db, cache, only.name, term, page);
  return { data: [{ key: searchResultsPageQueryKey(only.name, term, page), value: results }], cityData };
}

async function storePage(
  db: Database,
  cache: ProductsOfStoreCache,
  slug: string,
  categoryId: number | null,
): Promise<WebPageHead> {
  const { view, store, catalog } = await storeOfPage(db, cache, slug);
  if (!store || !catalog) return NOT_FOUND;
  const category =
    categoryId === null ? null : catalog.categories.find((section) => section.category === categoryId);
  if (categoryId !== null && !category) return NOT_FOUND;
  const storePath = `/${encodeURIComponent(storeSlug(store.name))}/products`;
  const data: PageDataEntry[] = [{ key: storeCatalogQueryKey(store.id), value: catalog.categories }];
  return {
    ...base,
    title: category ? `${category.name} en ${store.name} | ${SITE_NAME}` : `${store.name} | ${SITE_NAME}`,
    description: clip(
      `Compra en ${store.name} (${[store.addressLine1, store.city].filter(Boolean).join(', ')}) desde el ` +
        'exterior y lo entregamos en la casa de tu familia en 24 a 48 horas.',
    ),
    canonicalPath: category ? `${storePath}/${category.category}` : storePath,
    image: linkPreviewImage(store.logo),
    data,
    cityData: await onlyCityStores(db, true, view),
  };
}

/**
 * The product from its store's cached catalog (decision 087: the store's keys, one query, say it is current;
 * the same presenter as GET /v1/products/:id), or read alone when the link's store segment does not name
 * the product's store; null when there is no such product on sale.
 */
async function findPageProduct(
  db: Database,
  cache: ProductsOfStoreCache,
  slug: string,
  id: number,
): Promise<{ view: CatalogView; product: Product | null }> {
  const { view, catalog } = await storeOfPage(db, cache, slug);
  for (const section of catalog?.categories ?? []) {
    const product = section.products.find((candidate) => candidate.id === id);
    if (product) return { view, product };
  }
  try {
    return { view, product: await getProduct(db, id) };
  } catch (error) {
    if (isNotFound(error)) return { view, product: null };
    throw error;
  }
}

async function productPage(
  db: Database,
  cache: ProductsOfStoreCache,
  pathname: string,
  search: URLSearchParams,
): Promise<WebPageHead> {
  const raw = search.get('id');
  if (!raw || !/^\d{1,9}$/.test(raw)) return NOT_FOUND;
  const { view, product } = await findPageProduct(db, cache, segmentOf(pathname, 1), Number(raw));
  if (!product) return NOT_FOUND;
  const price = productPriceText(product);
  const path = productPath(product);
  return {
    ...base,
    title: `${product.name} · ${price} | ${SITE_NAME}`,
    description: clip(`${price} en ${product.store_name}. ${product.description}`),
    canonicalPath: path,
    image: linkPreviewImage(product.images[0]),
    ogType: 'product',
    price: { amount: effectivePrice(product), currency: product.currency },
    jsonLd: [{ kind: 'product', product, path }],
    data: [{ key: productQueryKey(product.id), value: product }],
    cityData: await onlyCityStores(db, false, view),
  };
}

/** `/stores`' data: its city's stores (decision 084), or the shell when no city is known. */
async function storesPage(db: Database, visitor: WebPageVisitor): Promise<Partial<WebPageHead>> {
  const cityData = await storesPageCityData(db, visitor.cityId);
  return cityData.length > 0 ? { cityData } : { shellOnly: true };
}

/**
 * The head (and first-render data) of a browse page: its own title, description, canonical URL, Open Graph
 * tags and JSON-LD (issue 30), and 404 for a store or product that does not exist. Null: a page this module
 * does not describe (the account pages, the checkout…), which keeps index.html's head as it is.
 */
export async function describeWebPage(
  db: Database,
  cache: ProductsOfStoreCache,
  url: { pathname: string; search: URLSearchParams },
  visitor: WebPageVisitor = { cityId: null },
  reads?: BrowsePageReads,
): Promise<WebPageHead | null> {
  const { pathname, search } = url;
  if (isHome(pathname)) {
    return {
      ...base,
      title: DEFAULT_TITLE,
      description: DEFAULT_DESCRIPTION,
      canonicalPath: '/',
      jsonLd: [{ kind: 'organization' }],
      // The city picker's list, for the city screen's markup (decision 083), from the browse pages' revision
      // cache (decision 087): one small query per request.
      cityData: [{ key: citiesQueryKey(), value: await (await catalogAtRevision(db)).servedCities() }],
    };
  }
  if (isStores(pathname)) {
    return {
      ...base,
      title: `Tiendas | ${SITE_NAME}`,
      description:
        'Elige una tienda de Montevideo y compra para tu familia: supermercados, farmacias y más, ' +
        'entregado en su casa en 24 a 48 horas.',
      canonicalPath: '/stores',
      ...(await storesPage(db, visitor)),
    };
  }
  if (isSearch(pathname)) {
    const term = (search.get('q') ?? '').trim().slice(0, 100);
    return {
      ...base,
      title: term ? `«${term}»: resultados | ${SITE_NAME}` : `Buscar productos | ${SITE_NAME}`,
      description: term
        ? clip(`Productos de tiendas de Montevideo para «${term}», entregados a tu familia en 24 a 48 horas.`)
        : DEFAULT_DESCRIPTION,
      canonicalPath: term ? `/buscar?q=${encodeURIComponent(term)}` : '/buscar',
      ...(reads ? await searchResultsData(db, reads, search) : {}),
    };
  }
  if (isProductDetails(pathname)) return productPage(db, cache, pathname, search);
  const slug = storeSegmentOf(pathname);
  if (slug === null) return null;
  // A category segment that is no id: the store's head, as the status has always been 200 there (the page
  // itself shows its 404 content); a numeric one that the store has not: 404.
  const category = isStoreCategory(pathname) ? segmentOf(pathname, 3) : '';
  return storePage(db, cache, slug, /^\d{1,9}$/.test(category) ? Number(category) : null);
}
