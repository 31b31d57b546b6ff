import type { MerchantProduct, MerchantStockChange } from '@mandado/shared/merchant-catalog.schemas';
import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import { type FocusEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  CATALOG_OVERSCAN,
  CATALOG_ROW_GAP,
  estimatedRowHeight,
  listSetSize,
  shouldLoadMore,
  withKeptRow,
} from './catalog-window.ts';
import { ProductRow } from './product-row.tsx';

interface ProductWindowProps {
  products: readonly MerchantProduct[];
  listSearch: string;
  onStock: (productId: number, change: MerchantStockChange) => void;
  hasNextPage: boolean;
  fetchingNextPage: boolean;
  /** Whether coming near the end asks for the next page by itself. */
  autoLoad: boolean;
  onMore: () => void;
}

/**
 * The loaded products as a list of which only the rows near the screen are in the page (issue 18: a store
 * of 10,000 products scrolls like one of 30). The page scrolls as a whole, so the window follows the page's
 * scroll; rows are measured as they render (a long name takes two lines), and the next page is asked for
 * when the last rendered row comes near the last loaded one.
 *
 * It stays a list: each row tells its place (aria-posinset) and the count (aria-setsize, -1 while more pages
 * may come), so a screen reader says "31 de 120" though rows 1 to 24 are not in the page. A feed
 * (role=feed) was the other choice; its reading model (articles one after another, PageDown between them)
 * fits a timeline, while here every row holds buttons the owner tabs through. Tabbing or reading down moves
 * the page, which renders the next rows before the focus gets there (the overscan), and the row holding the
 * focus stays rendered when the page is scrolled away from it.
 */
export function ProductWindow({
  products,
  listSearch,
  onStock,
  hasNextPage,
  fetchingNextPage,
  autoLoad,
  onMore,
}: ProductWindowProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const productsRef = useRef(products);
  productsRef.current = products;
  const focusedId = useRef<number | null>(null);

  // Where the list starts in the page: the window's scroll counts from the top of the document.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => setScrollMargin(Math.round(list.getBoundingClientRect().top + window.scrollY));
    measure();
    if (typeof ResizeObserver !== 'function') return;
    // The header above wraps differently on a turned phone; the document's size changes with it.
    const observer = new ResizeObserver(measure);
    observer.observe(document.documentElement);
    return () => observer.disconnect();
  }, []);

  const keptIndex = useCallback((): number | null => {
    const id = focusedId.current;
    return id === null ? null : productsRef.current.findIndex((product) => product.id === id);
  }, []);

  const virtualizer = useWindowVirtualizer<HTMLLIElement>({
    count: products.length,
    estimateSize: () => estimatedRowHeight(window.innerWidth),
    overscan: CATALOG_OVERSCAN,
    gap: CATALOG_ROW_GAP,
    scrollMargin,
    // Measurements follow the product, not its place: a search or a new page does not reuse a wrong height.
    getItemKey: (index) => productsRef.current[index]?.id ?? index,
    rangeExtractor: (range) => withKeptRow(defaultRangeExtractor(range), keptIndex(), range.count),
  });

  const items = virtualizer.getVirtualItems();
  const range = virtualizer.range;
  const lastRendered =
    range === null ? undefined : Math.min(products.length - 1, range.endIndex + CATALOG_OVERSCAN);
  useEffect(() => {
    if (
      shouldLoadMore({
        lastRenderedIndex: lastRendered,
        loadedCount: products.length,
        hasNextPage: hasNextPage && autoLoad,
        fetching: fetchingNextPage,
      })
    ) {
      onMore();
    }
  }, [lastRendered, products.length, hasNextPage, autoLoad, fetchingNextPage, onMore]);

  function onFocus(event: FocusEvent<HTMLUListElement>) {
    const row = event.target.closest<HTMLElement>('[data-product-id]');
    focusedId.current = row ? Number(row.dataset.productId) : null;
  }

  function onBlur(event: FocusEvent<HTMLUListElement>) {
    if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget)) {
      focusedId.current = null;
    }
  }

  const setSize = listSetSize(products.length, hasNextPage);
  return (
    <ul
      ref={listRef}
      className="catalog__list catalog__list--window"
      style={{ height: virtualizer.getTotalSize() }}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {items.map((item) => {
        const product = products[item.index];
        if (!product) return null;
        return (
          <li
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            data-product-id={product.id}
            className="catalog__item"
            aria-setsize={setSize}
            aria-posinset={item.index + 1}
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            <ProductRow product={product} listSearch={listSearch} onStock={onStock} />
          </li>
        );
      })}
    </ul>
  );
}
