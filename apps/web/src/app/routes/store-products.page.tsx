import type { CategoryProducts, City, Product, Store } from '@mandado/shared/catalog.schemas';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { CategoryNav } from '../../features/catalog/category-nav.tsx';
import { ProductGrid, ProductGridSkeleton } from '../../features/catalog/product-grid.tsx';
import { type ProductSort, sortProducts } from '../../features/catalog/sort-products.ts';
import { SortSelect } from '../../features/catalog/sort-select.tsx';
import { type ProductLink, useProductDialog } from '../../features/catalog/use-product-dialog.ts';
import { sortSearch, useProductSort } from '../../features/catalog/use-product-sort.ts';
import { useProgressiveCount } from '../../features/catalog/use-progressive-count.ts';
import { useStoreCatalog, useStoreCategories } from '../../features/catalog/use-store-catalog.ts';
import { StoreHeader } from '../../features/stores/store-header.tsx';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { NotFoundContent } from './not-found.page.tsx';
import { RequireCityOrOnly } from './require-city.tsx';
import { useRouteStore } from './use-route-store.ts';

// The detail dialog is its own chunk. It is fetched at the shopper's first sign of life on the page (a pointer
// moving, a touch, a focus), so a click opens it at once, yet a visit that only looks never downloads it and
// it stays out of the first load on a metered phone.
function loadProductDialog() {
  return import('../../features/catalog/product-detail.tsx');
}

// Not focusin: the address popup focuses its field by itself on a first visit, which is no sign of intent.
const INTENT_EVENTS = ['pointerover', 'touchstart', 'keydown'] as const;

function usePrefetchOnIntent(load: () => Promise<unknown>): void {
  useEffect(() => {
    const prefetch = () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, prefetch, true);
      void load().catch(() => undefined);
    };
    for (const type of INTENT_EVENTS)
      document.addEventListener(type, prefetch, { capture: true, passive: true });
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, prefetch, true);
    };
  }, [load]);
}
const ProductDetailDialog = lazy(
  lazyWithReload(() => loadProductDialog().then((module) => ({ default: module.ProductDetailDialog }))),
);

/** Products per category on the store overview; the category page shows them all. */
const PREVIEW_COUNT = 8;
/**
 * A bounded page (issue 30, decision 066): the store overview shows its first categories, about 24 cards, and
 * a category page its first 24 cards; 'Ver más' shows the rest (no infinite scroll), so a visit that only
 * looks never renders a big store's whole catalog. The overview still renders its first categories in small
 * steps while the browser is idle (decision 017), one long task being what Lighthouse's TBT counts.
 */
const FIRST_BATCH_SECTIONS = 3;
const FIRST_SECTIONS = 1;
const SECTIONS_STEP = 1;
const CARDS_BATCH = 24;

/** Moves the focus to the first heading 'Ver más' brought, as the button itself goes away. */
function useFocusOnMount<T extends HTMLElement>(focus: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return ref;
}

function ShowMoreButton({ onClick }: { onClick: () => void }) {
  return (
    <div className="catalog-more">
      <button type="button" className="button button--secondary" onClick={onClick}>
        Ver más
      </button>
    </div>
  );
}

function EmptyCategory() {
  return (
    <EmptyState title="Todavía no hay productos en esta categoría.">
      Vuelve pronto o mira otras categorías.
    </EmptyState>
  );
}

type LinkFor = (product: Product) => ProductLink;

function useSorted(products: Product[], sort: ProductSort): Product[] {
  const { rates } = useDisplayCurrency();
  return useMemo(() => sortProducts(products, sort, rates), [products, sort, rates]);
}

interface CategorySectionProps {
  section: CategoryProducts;
  store: Store;
  sort: ProductSort;
  linkFor: LinkFor;
  index: number;
  focusHeading: boolean;
}

function CategorySection({ section, store, sort, linkFor, index, focusHeading }: CategorySectionProps) {
  const sorted = useSorted(section.products, sort);
  const headingId = `category-${section.category}`;
  const more = sorted.length > PREVIEW_COUNT;
  const headingRef = useFocusOnMount<HTMLHeadingElement>(focusHeading);
  return (
    <section className="catalog-section" aria-labelledby={headingId}>
      <div className="catalog-section__head">
        <h2 id={headingId} className="catalog-section__title" ref={headingRef} tabIndex={-1}>
          {section.name}
        </h2>
        {more ? (
          <Link
            to={`/${encodeURIComponent(store.slug)}/products/${section.category}${sortSearch(sort)}`}
            className="catalog-section__more"
          >
            Ver todos ({sorted.length})
          </Link>
        ) : null}
      </div>
      {section.notProducts || sorted.length === 0 ? (
        <EmptyCategory />
      ) : (
        <ProductGrid
          products={sorted.slice(0, PREVIEW_COUNT)}
          linkFor={linkFor}
          label={section.name}
          eagerCount={index === 0 ? 4 : 0}
        />
      )}
    </section>
  );
}

function CategoryProductList({
  section,
  sort,
  linkFor,
}: {
  section: CategoryProducts;
  sort: ProductSort;
  linkFor: LinkFor;
}) {
  const sorted = useSorted(section.products, sort);
  const [shown, setShown] = useState(CARDS_BATCH);
  if (section.notProducts || sorted.length === 0) return <EmptyCategory />;
  return (
    <>
      <p className="catalog-count" role="status">
        {sorted.length === 1 ? '1 producto' : `${sorted.length} productos`}
      </p>
      <ProductGrid
        products={sorted.slice(0, shown)}
        linkFor={linkFor}
        label={section.name}
        eagerCount={4}
        headingLevel={2}
      />
      {sorted.length > shown ? <ShowMoreButton onClick={() => setShown(shown + CARDS_BATCH)} /> : null}
    </>
  );
}

function CategorySections({
  sections,
  store,
  sort,
  linkFor,
}: {
  sections: CategoryProducts[];
  store: Store;
  sort: ProductSort;
  linkFor: LinkFor;
}) {
  const [expanded, setExpanded] = useState(false);
  const limit = expanded ? sections.length : Math.min(sections.length, FIRST_BATCH_SECTIONS);
  const shown = useProgressiveCount(limit, FIRST_SECTIONS, SECTIONS_STEP);
  return (
    <>
      {sections.slice(0, shown).map((section, index) => (
        <CategorySection
          key={section.category}
          section={section}
          store={store}
          sort={sort}
          linkFor={linkFor}
          index={index}
          focusHeading={expanded && index === FIRST_BATCH_SECTIONS}
        />
      ))}
      {!expanded && sections.length > FIRST_BATCH_SECTIONS && shown >= limit ? (
        <ShowMoreButton onClick={() => setExpanded(true)} />
      ) : null}
    </>
  );
}

function StoreCatalog({ city, categoryId }: { city: City | null; categoryId: number | null }) {
  const { store, bySlug, stores } = useRouteStore(city);
  const catalog = useStoreCatalog(store?.id);
  // The grid renders from a deferred copy: a render after the catalog arrives is then time-sliced (React
  // yields every few milliseconds) instead of one long task blocking input (decision 017).
  const deferredSections = useDeferredValue(catalog.sections);
  const categories = useStoreCategories(store?.id);
  const [sort, setSort] = useProductSort();
  const dialog = useProductDialog();
  usePrefetchOnIntent(loadProductDialog);

  if (stores.error)
    return <QueryError message={stores.error.message} onRetry={() => void stores.refetch()} />;
  if (stores.isLoading) {
    return (
      <div className="container page-section">
        <div className="store-header store-header--skeleton skeleton" />
        <ProductGridSkeleton />
      </div>
    );
  }
  if (!store) return bySlug ? <NotFoundContent /> : <Navigate to={city ? '/stores' : '/'} replace />;

  const sections = deferredSections ?? [];
  const navCategories =
    categories ??
    sections.map((section) => ({ id: section.category, name: section.name, store_id: section.store_id }));
  const current = categoryId === null ? null : sections.find((section) => section.category === categoryId);
  const currentName = current?.name ?? navCategories.find((category) => category.id === categoryId)?.name;
  const linkFor = (product: Product) => dialog.linkTo(product.id);
  const loaded = deferredSections !== undefined;
  if (categoryId !== null && loaded && !current) return <NotFoundContent />;

  return (
    <div className="container page-section">
      <StoreHeader store={store} isPageHeading={categoryId === null} />
      {categoryId !== null ? <h1 className="catalog-title">{currentName ?? '\u00a0'}</h1> : null}
      <div className="catalog-toolbar">
        <CategoryNav
          storeSlug={store.slug}
          categories={navCategories}
          activeId={categoryId}
          search={sortSearch(sort)}
        />
        <SortSelect value={sort} onChange={setSort} />
      </div>
      {catalog.error ? (
        <QueryError message={catalog.error.message} onRetry={() => void catalog.refetch()} />
      ) : !loaded ? (
        <ProductGridSkeleton />
      ) : current ? (
        <CategoryProductList key={current.category} section={current} sort={sort} linkFor={linkFor} />
      ) : sections.length === 0 ? (
        <EmptyState title="Esta tienda todavía no tiene productos." />
      ) : (
        <CategorySections key={store.id} sections={sections} store={store} sort={sort} linkFor={linkFor} />
      )}
      {dialog.productId !== null ? (
        <Suspense
          fallback={
            <div className="overlay-loading">
              <Spinner label="Cargando producto" />
            </div>
          }
        >
          <ProductDetailDialog
            productId={dialog.productId}
            onClose={dialog.close}
            relatedLinkFor={(product) => dialog.linkTo(product.id, true)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** /products and /:store/products: the store's categories with a preview of their products. */
export function StoreProductsPage() {
  return <RequireCityOrOnly>{(city) => <StoreCatalog city={city} categoryId={null} />}</RequireCityOrOnly>;
}

/** /:store/products/:category: one category's products; a product opens over the list. */
export function CategoryProductsPage() {
  const { category } = useParams();
  const categoryId = category && /^\d{1,9}$/.test(category) ? Number(category) : null;
  if (categoryId === null) return <NotFoundContent />;
  return (
    <RequireCityOrOnly>{(city) => <StoreCatalog city={city} categoryId={categoryId} />}</RequireCityOrOnly>
  );
}
