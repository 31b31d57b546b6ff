import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PRODUCT_SORT, type ProductSort, parseProductSort } from './sort-products.ts';

const SORT_PARAM = 'orden';

/** The product order lives in the URL, so it survives Back and follows the category links. */
export function useProductSort(): [ProductSort, (sort: ProductSort) => void] {
  const [params, setParams] = useSearchParams();
  const sort = parseProductSort(params.get(SORT_PARAM));
  const setSort = useCallback(
    (next: ProductSort) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === DEFAULT_PRODUCT_SORT) updated.delete(SORT_PARAM);
          else updated.set(SORT_PARAM, next);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return [sort, setSort];
}

/** `?orden=…` to carry the current order into another product list. */
export function sortSearch(sort: ProductSort): string {
  return sort === DEFAULT_PRODUCT_SORT ? '' : `?${SORT_PARAM}=${sort}`;
}
