/**
 * The web app's page routes (spec §2), in React Router's pattern syntax: the router declares its pages with
 * them and the server answers 404 for any other page path (decision 014), so the two lists cannot drift.
 * `:name` is one path segment, `:name?` an optional one.
 */
export const WEB_PATHS = {
  home: '/',
  stores: '/stores',
  products: '/products',
  storeProducts: '/:store/products',
  storeCategoryProducts: '/:store/products/:category',
  productDetails: '/:store/productDetails',
  allStores: '/allstores/:category?',
  nearStores: '/allstoresNear/:category?',
  cart: '/cart',
  /** The search results page (issue 16): `?q=` the term, `&pagina=` the page. */
  search: '/buscar',
  checkout: '/checkout',
  checkoutConfirmation: '/checkout/confirmacion/:number',
  login: '/login',
  register: '/register',
  passwordReset: '/password-reset',
  termsAndConditions: '/termsandconditions',
  termsUse: '/termsuse',
  /** Issue 32: the privacy policy (Ley 18.331) registration asks to accept. */
  privacy: '/privacidad',
  user: '/user',
  userOrders: '/user/orders',
  userOrder: '/user/orders/:number',
  userBeneficiaries: '/user/beneficiaries',
  userWallet: '/user/wallet',
  tracking: '/seguimiento/:token',
  /** Issue 29: the remitter answers a substitute the store proposes (signed link, no login). */
  substitution: '/reemplazo/:token',
  /** Issue 18: a store applies to sell on Mandado (linked from the footer). */
  storeApplication: '/vende-en-mandado',
} as const;

/** A pattern of this syntax as a regular expression over a URL path (staff-routes.ts uses it too). */
export function patternToRegExp(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    });
  // Like React Router: case-insensitive, and a trailing slash is the same page.
  return new RegExp(`^${segments.join('')}/?$`, 'i');
}

const WEB_PATH_PATTERNS = Object.values(WEB_PATHS).map(patternToRegExp);

/** Whether a URL path (without the query) is one of the web app's pages. */
export function isWebAppPath(pathname: string): boolean {
  return WEB_PATH_PATTERNS.some((pattern) => pattern.test(pathname));
}

const STORE_CATALOG_KEYS = new Set<keyof typeof WEB_PATHS>(['storeProducts', 'storeCategoryProducts']);
const STORE_CATALOG_PATTERNS = (Object.keys(WEB_PATHS) as (keyof typeof WEB_PATHS)[])
  .filter((key) => STORE_CATALOG_KEYS.has(key))
  .map((key) => patternToRegExp(WEB_PATHS[key]));
const OTHER_PAGE_PATTERNS = (Object.keys(WEB_PATHS) as (keyof typeof WEB_PATHS)[])
  .filter((key) => !STORE_CATALOG_KEYS.has(key))
  .map((key) => patternToRegExp(WEB_PATHS[key]));

/**
 * The `:store` segment (URL-decoded) of a store's catalog page, `/:store/products[/:category]`, whose page
 * shows the 404 page when no store has that slug; null for any other path, or one that another page also
 * matches (`/allstores/products`). The server answers such an unknown store with status 404 (issue 16).
 * `/:store/productDetails` is left out: that page shows the product by its id whatever the segment says.
 */
export function storeSegmentOf(pathname: string): string | null {
  if (OTHER_PAGE_PATTERNS.some((pattern) => pattern.test(pathname))) return null;
  if (!STORE_CATALOG_PATTERNS.some((pattern) => pattern.test(pathname))) return null;
  const segment = pathname.split('/')[1] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape names no store; an empty slug matches none.
    return '';
  }
}
