import type { MerchantStore } from '@mandado/shared/staff.schemas';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { SearchIcon } from '@mandado/web-kit/icons.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { productListQueryOptions } from './catalog.api.ts';
import { loadedProducts } from './catalog-cache.ts';
import { CATALOG_IMPORT_PATH, NEW_PRODUCT_PATH } from './catalog-paths.ts';
import { OwnersOnly } from './owners-only.tsx';
import { ProductWindow } from './product-window.tsx';
import { useStockChange } from './use-stock-change.ts';
import './catalog.css';

/** A pause in typing this long runs the search (each keystroke would be a request on mobile data). */
const SEARCH_DELAY_MS = 300;

/**
 * `/comercio/catalogo` (issue 18), for the store's owners: the products by name with their stock, a search,
 * and more pages as the end of the list comes near (only the rows near the screen are in the page,
 * product-window.tsx). The search lives in the address, so the form's 'Guardar' and the back button return to
 * the same list.
 */
export function CatalogPage({ store }: { store: MerchantStore }) {
  return (
    <OwnersOnly store={store}>
      <CatalogList store={store} />
    </OwnersOnly>
  );
}

function CatalogList({ store }: { store: MerchantStore }) {
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const search = (params.get('q') ?? '').trim();
  const [typed, setTyped] = useState(search);
  // A new search keeps the last results on screen until its own arrive (no blank flash while typing).
  const list = useInfiniteQuery({
    ...productListQueryOptions(store.id, search),
    placeholderData: keepPreviousData,
  });
  const onStock = useStockChange(store.id);
  const products = loadedProducts(list.data);
  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const listSearch = search ? `?${new URLSearchParams({ q: search })}` : '';

  // The address changed by other means (back button, a link): the box shows its search.
  const applied = useRef(search);
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    setShownSearch(search);
    if (search !== applied.current) setTyped(search);
  }
  useEffect(() => {
    applied.current = search;
  }, [search]);

  function applySearch(text: string) {
    applied.current = text.trim();
    const next = new URLSearchParams(params);
    if (text.trim()) next.set('q', text.trim());
    else next.delete('q');
    setParams(next, { replace: true });
  }

  // Typing searches after a pause; the address (and so the query) changes once per pause, not per key.
  const applySearchRef = useRef(applySearch);
  applySearchRef.current = applySearch;
  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = setTimeout(() => applySearchRef.current(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search]);

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    applySearch(typed);
  }

  return (
    <div className="catalog">
      <header className="catalog__head">
        <h1 className="catalog__title">Catálogo de {store.name}</h1>
        <div className="catalog__actions">
          <Link to={CATALOG_IMPORT_PATH} className="button button--secondary">
            Importar CSV
          </Link>
          <Link to={NEW_PRODUCT_PATH} className="button button--primary catalog__new">
            Nuevo producto
          </Link>
        </div>
      </header>
      <search className="catalog__search">
        <form onSubmit={submitSearch}>
          <label htmlFor={`${ids}-search`} className="visually-hidden">
            Buscar en tu catálogo
          </label>
          <div className="search-field">
            <SearchIcon className="search-field__icon" />
            <input
              id={`${ids}-search`}
              type="search"
              className="search-field__input"
              placeholder="Buscar en tu catálogo"
              autoComplete="off"
              enterKeyHint="search"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
        </form>
      </search>
      <section
        className="catalog__results"
        aria-labelledby={`${ids}-results`}
        aria-busy={list.isFetching && !list.isFetchingNextPage}
      >
        <h2 id={`${ids}-results`} className="visually-hidden">
          {search ? `Productos que coinciden con «${search}»` : 'Productos'}
        </h2>
        {list.isPending ? (
          <Spinner label="Cargando productos" />
        ) : list.isError && products.length === 0 ? (
          <QueryError message={list.error.message} onRetry={() => void list.refetch()} />
        ) : products.length === 0 ? (
          <EmptyState
            title={
              search
                ? `No encontramos productos con «${search}».`
                : 'Todavía no tienes productos. Crea el primero con «Nuevo producto».'
            }
          />
        ) : (
          <>
            <ProductWindow
              products={products}
              listSearch={listSearch}
              onStock={onStock}
              hasNextPage={list.hasNextPage}
              fetchingNextPage={list.isFetchingNextPage}
              // After a failed page, 'Cargar más' asks again: scrolling on would retry without end.
              autoLoad={!list.isFetchNextPageError}
              onMore={loadMore}
            />
            {list.hasNextPage ? (
              <div className="catalog__more">
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={list.isFetchingNextPage}
                  onClick={loadMore}
                >
                  {list.isFetchingNextPage ? <Spinner size="small" /> : null}
                  {list.isFetchingNextPage ? 'Cargando…' : 'Cargar más'}
                </button>
              </div>
            ) : null}
            {list.isFetchNextPageError ? (
              <p className="form__alert" role="alert">
                {list.error?.message}
              </p>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
