import type { Product } from '@mandado/shared/catalog.schemas';
import { parseMoney } from '@mandado/shared/money';
import { moneyText } from '@mandado/shared/money-text';
import { effectivePrice } from '@mandado/shared/product-price';
import { storeSlug } from '@mandado/shared/store-kinds';
import {
  citiesQueryKey,
  cityStoresQueryKey,
  type PageDataEntry,
  productQueryKey,
  storeCatalogQueryKey,
} from '@mandado/shared/web-page-data';
import { patternToRegExp, storeSegmentOf, WEB_PATHS } from '@mandado/shared/web-routes';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { getProduct, getProductsOfStore, type ProductsOfStoreCache } from '../catalog/catalog.service.ts';
import { getServedCities } from '../locations/locations.service.ts';
import { linkPreviewImage } from '../media/link-preview.ts';
import { findStoreBySlug, getStoresForCity } from '../stores/stores.service.ts';

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
async function onlyCityStores(db: Database, withStores = true): Promise<PageDataEntry[]> {
  const cities = await getServedCities(db);
  const only = cities.length === 1 ? cities[0] : undefined;
  if (!only) return [];
  const citiesEntry = { key: citiesQueryKey(), value: cities };
  if (!withStores) return [citiesEntry];
  return [
    citiesEntry,
    { key: cityStoresQueryKey(only.state), value: await getStoresForCity(db, only.state) },
  ];
}

async function storePage(
  db: Database,
  cache: ProductsOfStoreCache,
  slug: string,
  categoryId: number | null,
): Promise<WebPageHead> {
  const store = await findStoreBySlug(db, slug);
  if (!store) return NOT_FOUND;
  const catalog = await getProductsOfStore(db, cache, store.id).catch((error: unknown) => {
    if (isNotFound(error)) return null;
    throw error;
  });
  if (!catalog) return NOT_FOUND;
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
    cityData: await onlyCityStores(db),
  };
}

async function productPage(db: Database, search: URLSearchParams): Promise<WebPageHead> {
  const raw = search.get('id');
  if (!raw || !/^\d{1,9}$/.test(raw)) return NOT_FOUND;
  let product: Product;
  try {
    product = await getProduct(db, Number(raw));
  } catch (error) {
    if (isNotFound(error)) return NOT_FOUND;
    throw error;
  }
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
    cityData: await onlyCityStores(db, false),
  };
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
): Promise<WebPageHead | null> {
  const { pathname, search } = url;
  if (isHome(pathname)) {
    return {
      ...base,
      title: DEFAULT_TITLE,
      description: DEFAULT_DESCRIPTION,
      canonicalPath: '/',
      jsonLd: [{ kind: 'organization' }],
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
    };
  }
  if (isProductDetails(pathname)) return productPage(db, search);
  const slug = storeSegmentOf(pathname);
  if (slug === null) return null;
  // A category segment that is no id: the store's head, as the status has always been 200 there (the page
  // itself shows its 404 content); a numeric one that the store has not: 404.
  const category = isStoreCategory(pathname) ? segmentOf(pathname, 3) : '';
  return storePage(db, cache, slug, /^\d{1,9}$/.test(category) ? Number(category) : null);
}
