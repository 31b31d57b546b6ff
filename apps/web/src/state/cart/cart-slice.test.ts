import type { City } from '@mandado/shared/catalog.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestCartStore } from '../../testing/cart-store.ts';
import { aCartItem, aCity, aProduct, aServerCart } from '../../testing/factories.ts';

const montevideo = aCity();

const milk = aProduct({ name: 'Leche', store_id: 3, stock: 10 });

const USER = 'u-1';

const emptyServerCart = aServerCart(montevideo, []);

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

/** The cart slices in a store of their own; `host` reads what they asked of the rest of the app. */
function makeStore(city: City | null = montevideo) {
  const store = createTestCartStore(city);
  const get = store.getState;
  return {
    get,
    host: {
      get city() {
        return get().city;
      },
      get storeId() {
        return get().storeId;
      },
      get notifications() {
        return get().notifications;
      },
    },
  };
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
  it('a visitor’s cart is never saved under the user’s key (its own copy: visitor-cart.test.ts)', () => {
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
    get().cartDispatch({ type: 'increase', productId: milk.id });
    expect(JSON.parse(storage.getItem('cart') ?? 'null')).toEqual({
      user_account_id: USER,
      items: [{ product: milk, count: 2 }],
    });
    expect(get().takeCartEffects()).toEqual([
      { type: 'load' },
      { type: 'set-line', productId: milk.id, quantity: 1 },
      { type: 'set-line', productId: milk.id, quantity: 2 },
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
    get().cartUiDispatch({ type: 'open-expanded' });
    expect(host.notifications).toEqual([
      { kind: 'warn', title: MESSAGES.emptyCartTitle, message: MESSAGES.emptyCartMessage },
    ]);
    expect(get().cartUi.expandedOpen).toBe(false);
  });

  it('a restore selects the server city and the first item’s store', () => {
    const { get, host } = makeStore(null);
    get().cartDispatch({ type: 'session', userId: USER });
    get().cartDispatch({ type: 'server-loaded', cart: aServerCart(montevideo, [aCartItem(milk, 2)]) });
    expect(host.city).toEqual(montevideo);
    expect(host.storeId).toBe(3);
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
    get().cartDispatch({ type: 'increase', productId: milk.id });
    get().cartDispatch({ type: 'repeat-order', lines: [{ product: milk, quantity: 1 }] });
    get().cartDispatch({ type: 'server-write-failed', effect: sent[0] ?? { type: 'clear' }, status: 0 });
    expect(get().takeCartEffects()).toEqual([{ type: 'load' }]);
    expect(get().cart.items).toEqual([{ product: milk, count: 3 }]);
  });

  it('a count above the stock is capped and the shopper is told once while the notice shows', () => {
    const { get, host } = makeStore();
    get().cartDispatch({ type: 'session', userId: null });
    get().cartDispatch({ type: 'add', product: milk });
    get().cartDispatch({ type: 'set-count', productId: milk.id, count: 30 });
    get().cartDispatch({ type: 'set-count', productId: milk.id, count: 300 });
    expect(get().cart.items).toEqual([aCartItem(milk, 10)]);
    expect(host.notifications).toEqual([{ kind: 'warn', title: 'Solo quedan 10 unidades de Leche' }]);
  });

  it('the cart’s visibility follows it: an add opens the strip, the last removal closes strip and panel', () => {
    const { get } = makeStore();
    get().cartDispatch({ type: 'session', userId: null });
    get().cartDispatch({ type: 'add', product: milk });
    expect(get().cartUi.stripOpen).toBe(true);
    get().cartUiDispatch({ type: 'open-expanded' });
    expect(get().cartUi).toEqual({ stripOpen: true, expandedOpen: true });
    get().cartDispatch({ type: 'remove', productId: milk.id });
    expect(get().cartUi).toEqual({ stripOpen: false, expandedOpen: false });
  });
});
