import type { MerchantProduct, MerchantProductPage } from '@mandado/shared/merchant-catalog.schemas';
import type { InfiniteData } from '@tanstack/react-query';

/** The loaded pages of the owner's list, as TanStack keeps them. */
export type ProductPages = InfiniteData<MerchantProductPage, unknown>;

/**
 * The loaded pages with one product changed, the others (and every untouched page) the same objects, so
 * only that row renders again. Undefined (nothing loaded) stays undefined.
 */
export function patchProductInPages(
  data: ProductPages | undefined,
  productId: number,
  patch: (product: MerchantProduct) => MerchantProduct,
): ProductPages | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.results.some((product) => product.id === productId)) return page;
    changed = true;
    return {
      ...page,
      results: page.results.map((product) => (product.id === productId ? patch(product) : product)),
    };
  });
  return changed ? { ...data, pages } : data;
}

/** Every product loaded, in the list's order. */
export function loadedProducts(data: ProductPages | undefined): MerchantProduct[] {
  return data?.pages.flatMap((page) => page.results) ?? [];
}
