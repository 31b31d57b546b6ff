import { WEB_PATHS } from '@mandado/shared/web-routes';
import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { type ComponentType, type FunctionComponent, lazy, Suspense, useState } from 'react';
import { matchPath, Route, Routes, useLocation } from 'react-router';
import { AppLoading, AppRoot } from './app-root.tsx';
import { RouteErrorBoundary } from './error/route-error.page.tsx';
// Pages render it inline for unknown stores and products, so it is part of the shell anyway.
import { NotFoundPage } from './routes/not-found.page.tsx';

/**
 * Every layout and page is its own chunk (performance budget: only the current route's code loads).
 * Declarative routes rather than the data router: we load no data in loaders, and the data router alone
 * would add ~16 KB gzip to every first load.
 */
type LazyRoute = FunctionComponent & {
  /** Downloads the chunk now; an instance mounted afterwards renders it directly, without suspending. */
  preload: () => Promise<void>;
};

/**
 * A lazy page or layout that, once its module is here, renders it directly instead of through React.lazy,
 * which suspends at its first render even when the module is loaded. Server markup (decision 079) then
 * hydrates in one pass after `preloadRouteModules`: a Suspense boundary left dehydrated while a lazy chunk
 * resolves would be thrown away (and its content client-rendered) at the first store update reaching it.
 * Each instance keeps the way it mounted with, so a page never remounts when its chunk arrives.
 */
function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyRoute {
  let loaded: ComponentType | null = null;
  const resolve = async () => {
    const component = (await load())[name];
    loaded = component;
    return component;
  };
  const Lazy = lazy<ComponentType>(lazyWithReload(async () => ({ default: await resolve() })));
  function LazyRouteElement() {
    const [Direct] = useState(() => loaded);
    return Direct ? <Direct /> : <Lazy />;
  }
  return Object.assign(LazyRouteElement, {
    preload: async () => {
      await resolve();
    },
  });
}

const EmptyLayout = lazyNamed(() => import('./layouts/empty.layout.tsx'), 'EmptyLayout');
const DefaultLayout = lazyNamed(() => import('./layouts/default.layout.tsx'), 'DefaultLayout');
const CommonLayout = lazyNamed(() => import('./layouts/common.layout.tsx'), 'CommonLayout');
const BasicLayout = lazyNamed(() => import('./layouts/basic.layout.tsx'), 'BasicLayout');

const loadStoresPage = () => import('./routes/stores.page.tsx');
const loadStoreProductsPage = () => import('./routes/store-products.page.tsx');
const loadProductDetailsPage = () => import('./routes/product-details.page.tsx');

const CitySelectPage = lazyNamed(() => import('./routes/city-select.page.tsx'), 'CitySelectPage');
const StoresPage = lazyNamed(loadStoresPage, 'StoresPage');
const StoreProductsPage = lazyNamed(loadStoreProductsPage, 'StoreProductsPage');
const CategoryProductsPage = lazyNamed(loadStoreProductsPage, 'CategoryProductsPage');
const ProductDetailsPage = lazyNamed(loadProductDetailsPage, 'ProductDetailsPage');

/** The browse pages a shopper most often opens directly (links, reloads), with their chunks. */
const BROWSE_PAGE_CHUNKS: ReadonlyArray<readonly [string, () => Promise<unknown>]> = [
  [WEB_PATHS.stores, loadStoresPage],
  [WEB_PATHS.storeProducts, loadStoreProductsPage],
  [WEB_PATHS.storeCategoryProducts, loadStoreProductsPage],
  [WEB_PATHS.productDetails, loadProductDetailsPage],
];

/**
 * Starts downloading the current browse page's chunk as soon as the shell runs, together with its data,
 * instead of when the first render reaches the lazy route (decision 017: the chunk was the last link before
 * a store page's first product image). The module cache hands the same module to the lazy route later; a
 * failed download is left to the route, which reloads once (lazyWithReload).
 */
export function preloadPageChunk(pathname: string): void {
  const match = BROWSE_PAGE_CHUNKS.find(([pattern]) => matchPath(pattern, pathname) !== null);
  if (match) void match[1]().catch(() => {});
}
const AllStoresPage = lazyNamed(() => import('./routes/all-stores.page.tsx'), 'AllStoresPage');
const NearStoresPage = lazyNamed(() => import('./routes/near-stores.page.tsx'), 'NearStoresPage');
const TermsAndConditionsPage = lazyNamed(
  () => import('./routes/terms-and-conditions.page.tsx'),
  'TermsAndConditionsPage',
);
const TermsUsePage = lazyNamed(() => import('./routes/terms-use.page.tsx'), 'TermsUsePage');
const PrivacyPage = lazyNamed(() => import('./routes/privacy.page.tsx'), 'PrivacyPage');
const SearchPage = lazyNamed(() => import('./routes/search.page.tsx'), 'SearchPage');
const CartPage = lazyNamed(() => import('./routes/cart.page.tsx'), 'CartPage');
const CheckoutPage = lazyNamed(() => import('./routes/checkout.page.tsx'), 'CheckoutPage');
const CheckoutLayout = lazyNamed(() => import('./checkout/checkout.layout.tsx'), 'CheckoutLayout');
const CheckoutConfirmationPage = lazyNamed(
  () => import('./routes/checkout-confirmation.page.tsx'),
  'CheckoutConfirmationPage',
);
const LoginPage = lazyNamed(() => import('./routes/login.page.tsx'), 'LoginPage');
const RegisterPage = lazyNamed(() => import('./routes/register.page.tsx'), 'RegisterPage');
const PasswordResetPage = lazyNamed(() => import('./routes/password-reset.page.tsx'), 'PasswordResetPage');
const UserLayout = lazyNamed(() => import('./routes/user.layout.tsx'), 'UserLayout');
const UserAccountPage = lazyNamed(() => import('./routes/user-account.page.tsx'), 'UserAccountPage');
const UserOrdersPage = lazyNamed(() => import('./routes/user-orders.page.tsx'), 'UserOrdersPage');
const UserBeneficiariesPage = lazyNamed(
  () => import('./routes/user-beneficiaries.page.tsx'),
  'UserBeneficiariesPage',
);
const UserWalletPage = lazyNamed(() => import('./routes/user-wallet.page.tsx'), 'UserWalletPage');
const UserOrderDetailPage = lazyNamed(
  () => import('./routes/user-order-detail.page.tsx'),
  'UserOrderDetailPage',
);
const TrackingPage = lazyNamed(() => import('./routes/tracking.page.tsx'), 'TrackingPage');
const SubstitutionPage = lazyNamed(() => import('./routes/substitution.page.tsx'), 'SubstitutionPage');
const StoreApplicationPage = lazyNamed(
  () => import('./routes/store-application.page.tsx'),
  'StoreApplicationPage',
);

/**
 * The browse pages the server renders (decision 079), each with the lazy layout and page its markup holds
 * and their source files, by which the server finds their chunks' stylesheets in the build's manifest (the
 * markup paints before the chunks load: without them in the head it would paint unstyled, then shift).
 * The order matters: the product page's path would also match a store's category pattern.
 */
const DEFAULT_LAYOUT_SOURCE = 'src/app/layouts/default.layout.tsx';
const SERVER_RENDERED_ROUTES: ReadonlyArray<readonly [string, readonly LazyRoute[], readonly string[]]> = [
  [
    WEB_PATHS.productDetails,
    [DefaultLayout, ProductDetailsPage],
    [DEFAULT_LAYOUT_SOURCE, 'src/app/routes/product-details.page.tsx'],
  ],
  [
    WEB_PATHS.storeProducts,
    [DefaultLayout, StoreProductsPage],
    [DEFAULT_LAYOUT_SOURCE, 'src/app/routes/store-products.page.tsx'],
  ],
  [
    WEB_PATHS.storeCategoryProducts,
    [DefaultLayout, CategoryProductsPage],
    [DEFAULT_LAYOUT_SOURCE, 'src/app/routes/store-products.page.tsx'],
  ],
  // The chosen city's stores (decision 084).
  [WEB_PATHS.stores, [DefaultLayout, StoresPage], [DEFAULT_LAYOUT_SOURCE, 'src/app/routes/stores.page.tsx']],
  // The city screen and the results page (decision 083): the served cities, and the only city's results.
  [
    WEB_PATHS.home,
    [EmptyLayout, CitySelectPage],
    ['src/app/layouts/empty.layout.tsx', 'src/app/routes/city-select.page.tsx'],
  ],
  [WEB_PATHS.search, [DefaultLayout, SearchPage], [DEFAULT_LAYOUT_SOURCE, 'src/app/routes/search.page.tsx']],
];

/**
 * Loads the layout and page of a server-rendered browse page, so its markup renders (on the server) or
 * hydrates (in the browser) in one pass without suspending. Null: not such a page (the shell renders it);
 * else the source files of its lazy modules (apps/web-relative, as the build's manifest names them).
 */
export async function preloadRouteModules(pathname: string): Promise<readonly string[] | null> {
  const route = SERVER_RENDERED_ROUTES.find(([pattern]) => matchPath(pattern, pathname) !== null);
  if (!route) return null;
  await Promise.all(route[1].map((component) => component.preload()));
  return route[2];
}

/** The paths come from packages/shared, where the server reads them too to answer 404 for other pages. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<AppLoading />}>
        <Routes>
          <Route element={<AppRoot />}>
            <Route element={<EmptyLayout />}>
              <Route index element={<CitySelectPage />} />
              {/* The family member's page: no account, no city, so no guard around it; no menus or prices. */}
              <Route path={WEB_PATHS.tracking} element={<TrackingPage />} />
              {/* The remitter's answer to a substitute: the signed link is the key, no login (issue 29). */}
              <Route path={WEB_PATHS.substitution} element={<SubstitutionPage />} />
            </Route>
            <Route element={<DefaultLayout />}>
              <Route path={WEB_PATHS.stores} element={<StoresPage />} />
              <Route path={WEB_PATHS.products} element={<StoreProductsPage />} />
              <Route path={WEB_PATHS.storeProducts} element={<StoreProductsPage />} />
              <Route path={WEB_PATHS.storeCategoryProducts} element={<CategoryProductsPage />} />
              <Route path={WEB_PATHS.productDetails} element={<ProductDetailsPage />} />
              <Route path={WEB_PATHS.allStores} element={<AllStoresPage />} />
              <Route path={WEB_PATHS.nearStores} element={<NearStoresPage />} />
              <Route path={WEB_PATHS.cart} element={<CartPage />} />
              <Route path={WEB_PATHS.search} element={<SearchPage />} />
            </Route>
            <Route element={<CommonLayout />}>
              <Route path={WEB_PATHS.termsAndConditions} element={<TermsAndConditionsPage />} />
              <Route path={WEB_PATHS.termsUse} element={<TermsUsePage />} />
              <Route path={WEB_PATHS.privacy} element={<PrivacyPage />} />
              <Route path={WEB_PATHS.login} element={<LoginPage />} />
              <Route path={WEB_PATHS.register} element={<RegisterPage />} />
              <Route path={WEB_PATHS.passwordReset} element={<PasswordResetPage />} />
              <Route path={WEB_PATHS.storeApplication} element={<StoreApplicationPage />} />
              <Route path={WEB_PATHS.user} element={<UserLayout />}>
                <Route index element={<UserAccountPage />} />
                <Route path={WEB_PATHS.userOrders} element={<UserOrdersPage />} />
                <Route path={WEB_PATHS.userOrder} element={<UserOrderDetailPage />} />
                <Route path={WEB_PATHS.userBeneficiaries} element={<UserBeneficiariesPage />} />
                <Route path={WEB_PATHS.userWallet} element={<UserWalletPage />} />
              </Route>
            </Route>
            <Route element={<CheckoutLayout />}>
              <Route path={WEB_PATHS.checkout} element={<CheckoutPage />} />
              <Route path={WEB_PATHS.checkoutConfirmation} element={<CheckoutConfirmationPage />} />
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
