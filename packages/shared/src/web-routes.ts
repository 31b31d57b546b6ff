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
  checkout: '/checkout',
  checkoutConfirmation: '/checkout/confirmacion/:number',
  login: '/login',
  register: '/register',
  passwordReset: '/password-reset',
  termsAndConditions: '/termsandconditions',
  termsUse: '/termsuse',
  user: '/user',
  userOrders: '/user/orders',
  userOrder: '/user/orders/:number',
  userBeneficiaries: '/user/beneficiaries',
  userWallet: '/user/wallet',
  tracking: '/seguimiento/:token',
} as const;

function patternToRegExp(pattern: string): RegExp {
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
