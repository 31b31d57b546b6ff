import { describe, expect, it } from 'vitest';
import { isWebAppPath, storeSegmentOf } from './web-routes.ts';

describe('isWebAppPath', () => {
  it.each([
    '/',
    '/stores',
    '/stores/',
    '/products',
    '/ElDorado/products',
    '/ElDorado/products/Lacteos',
    '/Caf%C3%A9/productDetails',
    '/allstores',
    '/allstores/supermarket',
    '/allstoresNear',
    '/allstoresNear/pharmacy',
    '/cart',
    '/checkout',
    '/login',
    '/register',
    '/password-reset',
    '/termsandconditions',
    '/termsuse',
    '/user',
    '/user/orders',
    '/user/beneficiaries',
    '/user/wallet',
    '/user/orders/MV-10234',
    '/seguimiento/q3Lx-9_abc',
    '/vende-en-mandado',
    '/STORES',
  ])('%s is a page', (path) => {
    expect(isWebAppPath(path)).toBe(true);
  });

  it.each([
    '/nothing-here',
    '/stores/extra',
    '/ElDorado',
    '/ElDorado/products/Lacteos/more',
    '/allstores/a/b',
    '/user/settings',
    '/user/orders/MV-1/extra',
    '/seguimiento',
    '/vende-en-mandado/extra',
    '/wp-login.php',
    '//stores',
    '/robots.txt',
  ])('%s is not a page', (path) => {
    expect(isWebAppPath(path)).toBe(false);
  });
});

describe('storeSegmentOf (issue 16: an unknown store path answers 404)', () => {
  it.each([
    ['/ElDorado/products', 'ElDorado'],
    ['/ElDorado/products/', 'ElDorado'],
    ['/ElDorado/products/12', 'ElDorado'],
    ['/Farmacia%C3%81guila/products', 'FarmaciaÁguila'],
    ['/%E0%A4%A/products', ''],
  ])('%s is the catalog of store %s', (path, slug) => {
    expect(storeSegmentOf(path)).toBe(slug);
  });

  it.each(['/', '/products', '/stores', '/ElDorado/productDetails', '/allstores/products', '/cart', '/nada'])(
    '%s is no store catalog',
    (path) => {
      expect(storeSegmentOf(path)).toBeNull();
    },
  );
});

describe('the search results page (issue 16)', () => {
  it.each(['/buscar', '/buscar/', '/BUSCAR'])('%s is a page (the server answers 200)', (path) => {
    expect(isWebAppPath(path)).toBe(true);
  });

  it('/buscar/extra is not', () => {
    expect(isWebAppPath('/buscar/extra')).toBe(false);
  });
});
