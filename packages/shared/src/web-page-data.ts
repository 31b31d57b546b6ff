import { SEARCH_MAX_PAGE } from './validation-rules.ts';

/**
 * The data a browse page's HTML carries for its first render (decision 066): the server writes TanStack
 * Query entries into `<script type="application/json" id="mandado-page-data">` and the shop puts them in its
 * query cache before the first render, so the page shows without waiting for its API call. The keys are
 * built here, for both sides, so the server's entries cannot drift from the keys the shop's queries use.
 */
export const PAGE_DATA_ELEMENT_ID = 'mandado-page-data';
/** The served cities and the implied city's stores a store page's markup needs (decision 079), same format. */
export const CITY_DATA_ELEMENT_ID = 'mandado-city-data';

export interface PageDataEntry {
  key: readonly unknown[];
  value: unknown;
}

/** One product: GET /v1/products/:id. */
export function productQueryKey(id: number) {
  return ['product', id] as const;
}

/** One store's categories with their products: GET /v1/stores/:id/products/ (kept under ['catalog']). */
export function storeCatalogQueryKey(storeId: number) {
  return ['catalog', 'store', storeId] as const;
}

/** The served cities: GET /v1/cities/ (the shop's citiesQueryOptions). */
export function citiesQueryKey() {
  return ['cities'] as const;
}

/** A city's approved stores, by its state: GET /v1/stores/city/:state (the shop's cityStoresQueryOptions). */
export function cityStoresQueryKey(state: string) {
  return ['stores', state] as const;
}

/**
 * The city the server rendered a page for when it is not implied by a single served city: the visitor's city
 * cookie's (decision 084, `/stores`). Not an API query: the shop reads it from the cache while hydrating,
 * when its own stored city is not read yet, and keeps it as the city when nothing is stored.
 */
export function pageCityQueryKey() {
  return ['page-city'] as const;
}

/**
 * One page of the results page's search (/buscar?q=…&pagina=…): GET /v1/products/:city/?search=&page=, under
 * the city's name as the shop's search page asks it (decision 083: the server embeds it, keyed the same).
 */
export function searchResultsPageQueryKey(cityName: string, term: string, page: number) {
  return ['search', cityName, term, 'page', page] as const;
}

/** The `pagina` of /buscar as a page number: 1 when absent or not a sensible page (the API's 1 to SEARCH_MAX_PAGE). */
export function searchResultsPageParam(raw: string | null): number {
  if (!raw || !/^\d{1,2}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= SEARCH_MAX_PAGE ? page : 1;
}

/**
 * The site's own data every browse page carries, the same for every visitor (decision 085): the promo
 * banner. A block of its own, same format, so a page's data and the city's stay what they were.
 */
export const SITE_DATA_ELEMENT_ID = 'mandado-site-data';

/**
 * The promo banner's public settings (spec §4, `header_banner_text` and `header_banner_end_at`) and the
 * server's minute (`at`, epoch seconds): the page's markup and its hydration decide whether it shows and
 * render its countdown from that minute, so both render the same text; the countdown ticks once hydrated.
 */
export interface PromoBannerData {
  text: string;
  endAt: number;
  at: number;
}

/** The promo banner a page was rendered with (no API call: it is only ever embedded). */
export function promoBannerQueryKey() {
  return ['promo-banner'] as const;
}

/**
 * A browser that has a stored delivery address, or set the address bar aside in this visit (decision 085):
 * its pages' `<html>` gets ADDRESS_KNOWN_CLASS from the server, which keeps the bar the markup carries (the
 * server cannot read the browser's storage) from being painted before the page removes it. A flag only: the
 * address itself stays in the browser.
 */
export const ADDRESS_KNOWN_COOKIE = 'mandado_address_known';
export const ADDRESS_KNOWN_CLASS = 'address-known';
