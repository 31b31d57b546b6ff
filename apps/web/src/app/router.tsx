import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { lazyWithReload } from '../lib/lazy-with-reload.ts';
import { AppLoading, AppRoot } from './app-root.tsx';
import { RouteErrorBoundary } from './error/route-error.page.tsx';
// Pages render it inline for unknown stores and products, so it is part of the shell anyway.
import { NotFoundPage } from './routes/not-found.page.tsx';

/**
 * Every layout and page is its own chunk (performance budget: only the current route's code loads).
 * Declarative routes rather than the data router: we load no data in loaders, and the data router alone
 * would add ~16 KB gzip to every first load.
 */
function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(lazyWithReload(async () => ({ default: (await load())[name] })));
}

const EmptyLayout = lazyNamed(() => import('./layouts/empty.layout.tsx'), 'EmptyLayout');
const DefaultLayout = lazyNamed(() => import('./layouts/default.layout.tsx'), 'DefaultLayout');
const CommonLayout = lazyNamed(() => import('./layouts/common.layout.tsx'), 'CommonLayout');
const BasicLayout = lazyNamed(() => import('./layouts/basic.layout.tsx'), 'BasicLayout');

const CitySelectPage = lazyNamed(() => import('./routes/city-select.page.tsx'), 'CitySelectPage');
const StoresPage = lazyNamed(() => import('./routes/stores.page.tsx'), 'StoresPage');
const StoreProductsPage = lazyNamed(() => import('./routes/store-products.page.tsx'), 'StoreProductsPage');
const CategoryProductsPage = lazyNamed(
  () => import('./routes/store-products.page.tsx'),
  'CategoryProductsPage',
);
const ProductDetailsPage = lazyNamed(() => import('./routes/product-details.page.tsx'), 'ProductDetailsPage');
const AllStoresPage = lazyNamed(() => import('./routes/all-stores.page.tsx'), 'AllStoresPage');
const NearStoresPage = lazyNamed(() => import('./routes/near-stores.page.tsx'), 'NearStoresPage');
const TermsAndConditionsPage = lazyNamed(
  () => import('./routes/terms-and-conditions.page.tsx'),
  'TermsAndConditionsPage',
);
const TermsUsePage = lazyNamed(() => import('./routes/terms-use.page.tsx'), 'TermsUsePage');

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<AppLoading />}>
        <Routes>
          <Route element={<AppRoot />}>
            <Route element={<EmptyLayout />}>
              <Route index element={<CitySelectPage />} />
            </Route>
            <Route element={<DefaultLayout />}>
              <Route path="stores" element={<StoresPage />} />
              <Route path="products" element={<StoreProductsPage />} />
              <Route path=":store/products" element={<StoreProductsPage />} />
              <Route path=":store/products/:category" element={<CategoryProductsPage />} />
              <Route path=":store/productDetails" element={<ProductDetailsPage />} />
              <Route path="allstores/:category?" element={<AllStoresPage />} />
              <Route path="allstoresNear/:category?" element={<NearStoresPage />} />
            </Route>
            <Route element={<CommonLayout />}>
              <Route path="termsandconditions" element={<TermsAndConditionsPage />} />
              <Route path="termsuse" element={<TermsUsePage />} />
            </Route>
            <Route element={<BasicLayout />}>
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
