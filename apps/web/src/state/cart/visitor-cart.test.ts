import { CART_MAX_LINES, CART_MAX_QUANTITY } from '@mandado/shared/cart-rules';
import type { Product } from '@mandado/shared/catalog.schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestCartStore } from '../../testing/cart-store.ts';
import { aCartItem, aCity, aProduct, aServerCart } from '../../testing/factories.ts';
import { cartTransition, INITIAL_CART_STATE, isServerEffect, mergeCartItems } from './cart-machine.ts';
import { parseVisitorCart, recheckVisitorCart, VISITOR_CART_VERSION } from './visitor-cart.ts';

const KEY = 'mandado:visitor-cart:v1';
const montevideo = aCity();
const salto = aCity({ id: 60, name: 'Salto', state: 'Salto', state_id: 15 });
const milk = aProduct({ id: 1, name: 'Leche', store_id: 3, stock: 10, price: '50.00' });
const rice = aProduct({ id: 2, name: 'Arroz', store_id: 3, stock: 5, price: '80.00' });

function copyOf(items: unknown[], cityId: number | null = montevideo.id) {
  return { version: VISITOR_CART_VERSION, city_id: cityId, items };
}

function catalog(...products: Product[]) {
  return { products: new Map(products.map((product) => [product.id, product])) };
}

describe('reading the saved visitor cart (storage is user-editable)', () => {
  it('reads back what was written', () => {
    const copy = parseVisitorCart(JSON.parse(JSON.stringify(copyOf([aCartItem(milk, 2)]))));
    expect(copy).toEqual(copyOf([aCartItem(milk, 2)]));
  });

  it.each([
    ['another version', { ...copyOf([aCartItem(milk)]), version: 2 }],
    ['no version', { city_id: 1, items: [aCartItem(milk)] }],
    ['not an object', 'leche'],
    ['null', null],
    ['items that are not a list', { version: 1, city_id: 1, items: {} }],
  ])('ignores %s', (_label, value) => {
    expect(parseVisitorCart(value)).toBeNull();
  });

  it('drops broken lines and keeps the good ones; a product twice keeps its first line', () => {
    const copy = parseVisitorCart(
      copyOf([
        aCartItem(milk, 2),
        { product: { id: 'x' }, count: 1 },
        { product: rice, count: 0 },
        { product: rice, count: 1.5 },
        { product: rice, count: '3' },
        null,
        aCartItem(milk, 7),
        aCartItem(rice, 1),
      ]),
    );
    expect(copy?.items).toEqual([aCartItem(milk, 2), aCartItem(rice, 1)]);
  });

  it('keeps no more lines than a cart may hold', () => {
    const many = Array.from({ length: CART_MAX_LINES + 5 }, (_, i) => aCartItem(aProduct({ id: 1000 + i })));
    expect(parseVisitorCart(copyOf(many))?.items).toHaveLength(CART_MAX_LINES);
  });
});

describe('checking the saved lines against the catalog of now', () => {
  it('takes today’s price and caps the count at the stock', () => {
    const dearer = { ...milk, price: '55.00', stock: 3 };
    const checked = recheckVisitorCart(copyOf([aCartItem(milk, 5)]) as never, montevideo.id, catalog(dearer));
    expect(checked).toEqual({ items: [aCartItem(dearer, 3)], changed: true });
  });

  it('drops a product the catalog no longer has, or one out of stock', () => {
    const checked = recheckVisitorCart(
      copyOf([aCartItem(milk, 1), aCartItem(rice, 1)]) as never,
      montevideo.id,
      catalog({ ...milk, stock: 0 }),
    );
    expect(checked).toEqual({ items: [], changed: true });
  });

  it('an unchanged cart is not "changed"', () => {
    const checked = recheckVisitorCart(copyOf([aCartItem(milk, 2)]) as never, montevideo.id, catalog(milk));
    expect(checked).toEqual({ items: [aCartItem(milk, 2)], changed: false });
  });

  it('drops a copy made for another city', () => {
    const checked = recheckVisitorCart(
      copyOf([aCartItem(milk, 2)], salto.id) as never,
      montevideo.id,
      catalog(milk),
    );
    expect(checked).toEqual({ items: [], changed: true });
  });

  it('keeps, unchecked, the lines of a store whose catalog could not be asked', () => {
    const checked = recheckVisitorCart(copyOf([aCartItem(milk, 2)]) as never, montevideo.id, {
      products: new Map(),
      uncheckedStores: new Set([3]),
    });
    expect(checked).toEqual({ items: [aCartItem(milk, 2)], changed: false });
  });
});

describe('merging the visitor’s lines into the account’s at login', () => {
  it('keeps the account’s lines, adds both counts of a shared product (capped), appends the new ones', () => {
    const toy = aProduct({ id: 3, store_id: 3, stock: 200 });
    const merged = mergeCartItems(
      [aCartItem(milk, 8), aCartItem(toy, 90)],
      [aCartItem(milk, 4), aCartItem(toy, 20), aCartItem(rice, 9)],
    );
    expect(merged.map((line) => [line.product.id, line.count])).toEqual([
      [1, 10],
      [3, CART_MAX_QUANTITY],
      [2, 5],
    ]);
  });

  it('the login sync merges when the account’s cart is for the app’s city, and sends the whole', () => {
    const visitor = { ...INITIAL_CART_STATE, session: 'visitor' as const, items: [aCartItem(milk, 2)] };
    const context = { appCity: montevideo };
    const started = cartTransition(visitor, { type: 'session', userId: 'u-1' }, context);
    const loaded = cartTransition(
      started.state,
      { type: 'server-loaded', cart: aServerCart(montevideo, [aCartItem(milk, 1), aCartItem(rice, 1)]) },
      context,
    );
    expect(loaded.state.items.map((line) => [line.product.id, line.count])).toEqual([
      [1, 3],
      [2, 1],
    ]);
    expect(loaded.effects.filter(isServerEffect)).toEqual([
      {
        type: 'replace',
        lines: [
          { product_id: 1, quantity: 3 },
          { product_id: 2, quantity: 1 },
        ],
      },
    ]);
  });
});

class MemoryStorage {
  readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

describe('the slice keeps the visitor’s cart in the browser', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('window', { localStorage: storage });
  });
  afterEach(() => vi.unstubAllGlobals());

  function saved() {
    return JSON.parse(storage.getItem(KEY) ?? 'null');
  }

  it('writes nothing before the saved cart was read back, then every change, with its version and city', () => {
    storage.setItem(KEY, JSON.stringify(copyOf([aCartItem(rice, 1)])));
    const { getState: get } = createTestCartStore(montevideo);
    get().cartDispatch({ type: 'session', userId: null });
    get().cartDispatch({ type: 'add', product: milk });
    // The early add did not overwrite the saved cart.
    expect(saved().items).toEqual([aCartItem(rice, 1)]);
    get().cartDispatch({ type: 'visitor-restored', items: [aCartItem(rice, 1)] });
    expect(get().cart.items.map((line) => line.product.id)).toEqual([1, 2]);
    expect(saved()).toEqual(copyOf([aCartItem(milk, 1), aCartItem(rice, 1)]));
    get().cartDispatch({ type: 'increase', productId: milk.id });
    expect(saved().items[0].count).toBe(2);
    expect(get().cartEffects).toEqual([]);
    get().cartDispatch({ type: 'empty' });
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('forgets the copy once a login has merged it into the account’s cart', () => {
    const { getState: get } = createTestCartStore(montevideo);
    get().cartDispatch({ type: 'session', userId: null });
    get().cartDispatch({ type: 'visitor-restored', items: [] });
    get().cartDispatch({ type: 'add', product: milk });
    expect(saved().items).toHaveLength(1);
    get().cartDispatch({ type: 'session', userId: 'u-1' });
    // Kept while the account's cart loads (a reload now must not lose it).
    expect(saved().items).toHaveLength(1);
    get().cartDispatch({ type: 'server-loaded', cart: aServerCart(montevideo, []) });
    expect(storage.getItem(KEY)).toBeNull();
    expect(get().cart.items).toHaveLength(1);
  });

  it('a city change empties the saved copy with the cart', () => {
    const { getState: get } = createTestCartStore(montevideo);
    get().cartDispatch({ type: 'session', userId: null });
    get().cartDispatch({ type: 'visitor-restored', items: [aCartItem(milk, 1)] });
    expect(saved().items).toHaveLength(1);
    get().cartDispatch({ type: 'change-city', city: salto });
    expect(storage.getItem(KEY)).toBeNull();
  });
});
