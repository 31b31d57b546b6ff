import type { City, Product } from '@mandado/shared/catalog.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartSlice } from './cart-slice.ts';
import { createCartSlice } from './cart-slice.ts';

const montevideo: City = { id: 36, name: 'Montevideo', state: 'Montevideo', state_id: 10 };

const milk: Product = {
  id: 1,
  name: 'Leche',
  description: '',
  price: '40.00',
  merchant_discounted_price: null,
  discount: false,
  currency: 'UYU',
  images: [],
  store_id: 3,
  store_name: 'Tienda',
  category: 'Lácteos',
  category_id: 1,
  popularity: 1,
  stock: 10,
};

const USER = 'u-1';

const emptyServerCart = {
  city: montevideo,
  products: [],
  stores: [],
  subtotal: '0.00',
  shipping: '0.00',
  free_shipping: false,
};

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

/** A store with just the cart slice and the host functions it calls. */
function makeStore() {
  const host = {
    city: montevideo as City | null,
    setCity: vi.fn(),
    setStoreId: vi.fn(),
    notify: vi.fn(),
  };
  let slice: CartSlice;
  const set = (partial: Partial<CartSlice>) => {
    slice = { ...slice, ...partial };
  };
  slice = createCartSlice(set, () => ({ ...slice, ...host }));
  return { host, get: () => slice };
}

let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the cart slice of the app store', () => {
  it('a visitor’s cart is never saved to local storage', () => {
    const { get } = makeStore();
    get().cartDispatch({ type: 'session', userId: null });
    get().cartDispatch({ type: 'add', product: milk });
    expect(get().cart.items).toHaveLength(1);
    expect(storage.values.has('cart')).toBe(false);
    expect(get().cartEffects).toEqual([]);
  });

  it('a logged-in user’s cart is saved on every change and queued for the server', () => {
    const { get } = makeStore();
    get().cartDispatch({ type: 'session', userId: USER });
    get().cartDispatch({ type: 'server-loaded', cart: emptyServerCart });
    get().cartDispatch({ type: 'add', product: milk });
    get().cartDispatch({ type: 'increase', productId: 1 });
    expect(JSON.parse(storage.getItem('cart') ?? 'null')).toEqual({
      user_account_id: USER,
      items: [{ product: milk, count: 2 }],
    });
    expect(get().takeCartEffects()).toEqual([
      { type: 'load' },
      { type: 'set-line', productId: 1, quantity: 1 },
      { type: 'set-line', productId: 1, quantity: 2 },
    ]);
    expect(get().takeCartEffects()).toEqual([]);
  });

  it('logout forgets the saved cart', () => {
    const { get } = makeStore();
    get().cartDispatch({ type: 'session', userId: USER });
    get().cartDispatch({ type: 'server-loaded', cart: emptyServerCart });
    get().cartDispatch({ type: 'add', product: milk });
    expect(storage.values.has('cart')).toBe(true);
    get().cartDispatch({ type: 'session', userId: null });
    expect(storage.values.has('cart')).toBe(false);
    expect(get().cart.items).toEqual([]);
  });

  it('opening the expanded cart with an empty cart shows the warning of spec §8', () => {
    const { get, host } = makeStore();
    get().cartDispatch({ type: 'open-expanded' });
    expect(host.notify).toHaveBeenCalledWith({
      kind: 'warn',
      title: MESSAGES.emptyCartTitle,
      message: MESSAGES.emptyCartMessage,
    });
    expect(get().cart.expandedOpen).toBe(false);
  });

  it('a restore selects the server city and the first item’s store', () => {
    const { get, host } = makeStore();
    host.city = null;
    get().cartDispatch({ type: 'session', userId: USER });
    get().cartDispatch({
      type: 'server-loaded',
      cart: {
        city: montevideo,
        products: [{ quantity: 2, product: milk }],
        stores: [],
        subtotal: '80.00',
        shipping: '2.99',
        free_shipping: false,
      },
    });
    expect(host.setCity).toHaveBeenCalledWith(montevideo);
    expect(host.setStoreId).toHaveBeenCalledWith(3);
  });

  it('logout empties the queue: the previous user’s writes are never sent', () => {
    const { get } = makeStore();
    get().cartDispatch({ type: 'session', userId: USER });
    get().cartDispatch({ type: 'server-loaded', cart: emptyServerCart });
    get().cartDispatch({ type: 'add', product: milk });
    expect(get().cartEffects).not.toEqual([]);
    get().cartDispatch({ type: 'session', userId: null });
    expect(get().cartEffects).toEqual([]);
  });

  it('another account logging in drops the previous one’s writes and loads its own cart', () => {
    const { get } = makeStore();
    get().cartDispatch({ type: 'session', userId: USER });
    get().cartDispatch({ type: 'server-loaded', cart: emptyServerCart });
    get().cartDispatch({ type: 'add', product: milk });
    get().cartDispatch({ type: 'session', userId: 'u-2' });
    expect(get().takeCartEffects()).toEqual([{ type: 'load' }]);
  });

  it('a login whose visitor items win saves them at once, as the user’s', () => {
    const { get } = makeStore();
    get().cartDispatch({ type: 'session', userId: null });
    get().cartDispatch({ type: 'add', product: milk });
    get().cartDispatch({ type: 'session', userId: USER });
    expect(JSON.parse(storage.getItem('cart') ?? 'null')).toEqual({
      user_account_id: USER,
      items: [{ product: milk, count: 1 }],
    });
  });

  it('a restore at start keeps the saved copy until the server answers, and it is the fallback', () => {
    const saved = { user_account_id: USER, items: [{ product: milk, count: 2 }] };
    storage.setItem('cart', JSON.stringify(saved));
    const { get } = makeStore();
    get().cartDispatch({ type: 'session', userId: USER, saved });
    get().cartDispatch({ type: 'add', product: milk });
    expect(JSON.parse(storage.getItem('cart') ?? 'null')).toEqual(saved);
    get().cartDispatch({ type: 'server-load-failed' });
    expect(get().cart.items).toEqual([{ product: milk, count: 3 }]);
    expect(JSON.parse(storage.getItem('cart') ?? 'null')).toEqual({
      user_account_id: USER,
      items: [{ product: milk, count: 3 }],
    });
  });

  it('a lost write drops the writes queued behind it, not a load', () => {
    const { get } = makeStore();
    get().cartDispatch({ type: 'session', userId: USER });
    get().cartDispatch({ type: 'server-loaded', cart: emptyServerCart });
    get().takeCartEffects();
    get().cartDispatch({ type: 'add', product: milk });
    const sent = get().takeCartEffects();
    get().cartDispatch({ type: 'increase', productId: 1 });
    get().cartDispatch({ type: 'repeat-order', lines: [{ product: milk, quantity: 1 }] });
    get().cartDispatch({ type: 'server-write-failed', effect: sent[0] ?? { type: 'clear' }, status: 0 });
    expect(get().takeCartEffects()).toEqual([{ type: 'load' }]);
    expect(get().cart.items).toEqual([{ product: milk, count: 3 }]);
  });
});
