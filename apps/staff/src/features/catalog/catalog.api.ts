import type {
  MerchantProduct,
  MerchantProductInput,
  MerchantProductPage,
  MerchantStockChange,
} from '@mandado/shared/merchant-catalog.schemas';
import { MERCHANT_PRODUCTS_PAGE_SIZE } from '@mandado/shared/merchant-catalog.schemas';
import { apiGet, apiPost, apiPostBody, apiPut, segment } from '@mandado/web-kit/api-client.ts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';

/** The owner's catalog (issue 18): /v1/merchant/stores/:id/products/ and its neighbours. */

function storePath(storeId: number): string {
  return `/merchant/stores/${segment(storeId)}`;
}

function productPath(storeId: number, productId: number): string {
  return `${storePath(storeId)}/products/${segment(productId)}/`;
}

/** Everything cached about one store's catalog (a save marks all of it stale). */
export function catalogKey(storeId: number) {
  return ['catalog', storeId] as const;
}

/** Every search's list of one store (stock taps patch them all). */
export function productListsKey(storeId: number) {
  return [...catalogKey(storeId), 'list'] as const;
}

export function productKey(storeId: number, productId: number) {
  return [...catalogKey(storeId), 'product', productId] as const;
}

/** The list by name, a page at a time (keyset cursor): more pages load as the owner scrolls. */
export function productListQueryOptions(storeId: number, search: string) {
  return infiniteQueryOptions({
    queryKey: [...productListsKey(storeId), search] as const,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(MERCHANT_PRODUCTS_PAGE_SIZE) });
      if (search) params.set('q', search);
      if (pageParam) params.set('cursor', pageParam);
      return apiGet<MerchantProductPage>(`${storePath(storeId)}/products/?${params}`, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // The owner is the one changing it; another owner's change shows on the next visit or search.
    staleTime: 30_000,
  });
}

export function productQueryOptions(storeId: number, productId: number) {
  return queryOptions({
    queryKey: productKey(storeId, productId),
    queryFn: ({ signal }) => apiGet<MerchantProduct>(productPath(storeId, productId), signal),
    // The form starts from what the server has now: another owner may have changed it since the list loaded.
    staleTime: 0,
  });
}

export function categoriesQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: [...catalogKey(storeId), 'categories'] as const,
    queryFn: async ({ signal }) =>
      (
        await apiGet<{ results: Array<{ id: number; name: string }> }>(
          `${storePath(storeId)}/categories/`,
          signal,
        )
      ).results,
    staleTime: 5 * 60_000,
  });
}

/**
 * The store's currency, for the symbol beside a new product's price boxes: every page of the list says which
 * currency a new product takes, so a one-row page is enough, also for a store with no product yet.
 */
export function storeCurrencyQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: [...catalogKey(storeId), 'currency'] as const,
    queryFn: async ({ signal }) =>
      (await apiGet<MerchantProductPage>(`${storePath(storeId)}/products/?limit=1`, signal)).currency,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function createProduct(storeId: number, input: MerchantProductInput): Promise<MerchantProduct> {
  return apiPost<MerchantProduct>(`${storePath(storeId)}/products/`, input);
}

export function replaceProduct(
  storeId: number,
  productId: number,
  input: MerchantProductInput,
): Promise<MerchantProduct> {
  return apiPut<MerchantProduct>(productPath(storeId, productId), input);
}

export function changeStock(
  storeId: number,
  productId: number,
  change: MerchantStockChange,
): Promise<{ id: number; stock: number }> {
  return apiPost<{ id: number; stock: number }>(`${productPath(storeId, productId)}stock/`, change);
}

/** The photo as the raw body, typed by its own MIME type; answers the URL to keep in the product's images. */
export async function uploadProductImage(storeId: number, photo: Blob): Promise<string> {
  return (await apiPostBody<{ url: string }>(`${storePath(storeId)}/product-images/`, photo)).url;
}
