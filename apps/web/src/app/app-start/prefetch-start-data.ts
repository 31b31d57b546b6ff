import type { City } from '@mandado/shared/catalog.schemas';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import type { QueryClient } from '@tanstack/react-query';
import {
  categoriesQueryOptions,
  productIdParam,
  productQueryOptions,
  storeCatalogQueryOptions,
} from '../../features/catalog/catalog.api.ts';
import { DEFAULT_PRODUCT_SORT, sortProducts } from '../../features/catalog/sort-products.ts';
import { currenciesQueryOptions } from '../../features/currency/currency.api.ts';
import { impliedCity } from '../../features/locations/implied-city.ts';
import { citiesQueryOptions } from '../../features/locations/locations.api.ts';
import { productSearchPageQueryOptions } from '../../features/search/search.api.ts';
import { isSearchable, searchPageParam } from '../../features/search/search-term.ts';
import { cityStoresQueryOptions, storeBySlugQueryOptions } from '../../features/stores/stores.api.ts';
import { preloadLcpImage } from '../../lib/preload-lcp-image.ts';
import { useAppStore } from '../../state/app-store.ts';

/** The `:store` segment of `/:store/products…`, decoded; null on `/products`. */
function storeSlugOf(pathname: string): string | null {
  const segment = /^\/([^/]+)\/products/.exec(pathname)?.[1];
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** One store's products, and a preload of the photo its overview shows first (issue 30 item 3). */
function prefetchStoreCatalog(
  queryClient: QueryClient,
  storeId: number,
  location: { pathname: string; search: string },
): void {
  // The first card's photo, as the overview shows it with the default sort.
  const defaultSort = !new URLSearchParams(location.search).has('orden');
  queryClient
    .fetchQuery(storeCatalogQueryOptions(storeId))
    .then((sections) => {
      const first = sections[0];
      if (!defaultSort || !first) return;
      preloadLcpImage(sortProducts(first.products, DEFAULT_PRODUCT_SORT, {})[0]?.images[0], 'card');
    })
    .catch(() => {});
}

/**
 * The results page's first page and a preload of its first card's photo, its largest paint (issue 30 item 3:
 * the search page's photo was found only after its chunk rendered, Lighthouse's 'LCP request discovery').
 */
function prefetchSearchPage(queryClient: QueryClient, city: City, search: string): void {
  const params = new URLSearchParams(search);
  const term = (params.get('q') ?? '').trim();
  if (!isSearchable(term)) return;
  queryClient
    .fetchQuery(productSearchPageQueryOptions(city.name, term, searchPageParam(params.get('pagina'))))
    .then((answer) => preloadLcpImage(answer.results[0]?.images[0], 'card'))
    .catch(() => {});
}

/**
 * Spec §4 steps 1, 2 and 5: cities, categories, the saved city's stores and who-am-I (with the settings) in
 * parallel, and the currencies. Started before the first render, so the calls overlap the route chunks'
 * download. A page that opens on a store's products or on a product detail gets its data started here too
 * (one store's products, not the whole city's: decision 017), so it does not wait for its route's chunk.
 */
export function prefetchStartData(
  queryClient: QueryClient,
  savedCity: City | null,
  savedStoreId: number | null = useAppStore.getState().storeId,
  location: { pathname: string; search: string } = window.location,
): void {
  void queryClient.prefetchQuery(citiesQueryOptions());
  void queryClient.prefetchQuery(categoriesQueryOptions());
  void queryClient.prefetchQuery(whoamiQueryOptions());
  void queryClient.prefetchQuery(currenciesQueryOptions());
  const onStoreProducts = /^\/([^/]+\/)?products(\/\d+)?\/?$/.test(location.pathname);
  if (savedCity) {
    void queryClient.prefetchQuery(cityStoresQueryOptions(savedCity.state));
    if (savedStoreId !== null && onStoreProducts) prefetchStoreCatalog(queryClient, savedStoreId, location);
  } else if (onStoreProducts) {
    // A shared store link and no city yet (issue 30 item 5): the only served city is the one the page will
    // take, so its stores and then this store's products start now rather than after the first renders.
    const slug = storeSlugOf(location.pathname);
    queryClient
      .fetchQuery(citiesQueryOptions())
      .then(async (cities) => {
        const only = impliedCity(cities);
        if (slug === null) return;
        // With several served cities the page shows with no city: its store is found by the slug.
        const store = only
          ? (await queryClient.fetchQuery(cityStoresQueryOptions(only.state))).find(
              (candidate) => candidate.slug === slug,
            )
          : await queryClient.fetchQuery(storeBySlugQueryOptions(slug));
        if (store) prefetchStoreCatalog(queryClient, store.id, location);
      })
      .catch(() => {});
  }
  if (savedCity && location.pathname === '/buscar')
    prefetchSearchPage(queryClient, savedCity, location.search);
  if (location.pathname.endsWith('/productDetails')) {
    const productId = productIdParam(new URLSearchParams(location.search).get('id'));
    if (productId !== null) {
      queryClient
        .fetchQuery(productQueryOptions(productId))
        .then((product) => preloadLcpImage(product.images[0], 'detail'))
        .catch(() => {});
    }
  }
}
