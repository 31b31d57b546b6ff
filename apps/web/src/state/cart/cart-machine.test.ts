import type { Product } from '@mandado/shared/catalog.schemas';
import { describe, expect, it } from 'vitest';
import { aCartItem, aCity, aProduct, aServerCart } from '../../testing/factories.ts';
import {
  type CartEvent,
  type CartState,
  cartToStore,
  cartTransition,
  coalesceServerEffects,
  INITIAL_CART_STATE,
  isServerEffect,
  isStoredCart,
  maxCount,
  restoreFromServer,
} from './cart-machine.ts';

const montevideo = aCity();
const salto = aCity({ id: 60, name: 'Salto', state: 'Salto', state_id: 15 });

/** Ids below 100 are store 1's, from 100 store 2's: tests read the store from the id. */
function product(id: number, overrides: Partial<Product> = {}): Product {
  return aProduct({ id, store_id: id < 100 ? 1 : 2, ...overrides });
}

const milk = product(1);
const rice = product(2);
const toy = product(101);

const item = aCartItem;
const serverCart = aServerCart;

function state(overrides: Partial<CartState> = {}): CartState {
  return { ...INITIAL_CART_STATE, session: 'visitor', ...overrides };
}

const USER = 'u-1';

function user(overrides: Partial<CartState> = {}): CartState {
  return state({ session: 'user', userId: USER, serverCityId: montevideo.id, ...overrides });
}

/** Whether the result opens the strip (the visibility itself is cart-ui-slice.ts's). */
function opensStrip(result: { effects: readonly { type: string }[] }): boolean {
  return result.effects.some((effect) => effect.type === 'open-strip');
}

const inMontevideo = { appCity: montevideo };

function run(from: CartState, event: CartEvent, context = inMontevideo) {
  return cartTransition(from, event, context);
}

function counts(s: CartState): Array<[number, number]> {
  return s.items.map((line) => [line.product.id, line.count]);
}

describe('add (spec §4: count becomes 1, synced when logged in)', () => {
  it('a visitor adds a product with count 1, no server effect, and the strip opens', () => {
    const result = run(state(), { type: 'add', product: milk });
    expect(counts(result.state)).toEqual([[1, 1]]);
    expect(result.effects).toEqual([{ type: 'open-strip' }]);
  });

  it('a logged-in user adds and the server hears the new line', () => {
    const result = run(user(), { type: 'add', product: milk });
    expect(counts(result.state)).toEqual([[1, 1]]);
    expect(result.effects).toEqual([{ type: 'set-line', productId: 1, quantity: 1 }, { type: 'open-strip' }]);
  });

  it('gives the server the app city first when its cart has another one or none', () => {
    const result = run(user({ serverCityId: null }), { type: 'add', product: milk });
    expect(result.effects).toEqual([
      { type: 'set-city', cityName: 'Montevideo' },
      { type: 'set-line', productId: 1, quantity: 1 },
      { type: 'open-strip' },
    ]);
    expect(result.state.serverCityId).toBe(montevideo.id);
  });

  it('adding a product already in the cart raises its count', () => {
    const result = run(user({ items: [item(milk, 2)] }), { type: 'add', product: milk });
    expect(counts(result.state)).toEqual([[1, 3]]);
    expect(result.effects).toEqual([{ type: 'set-line', productId: 1, quantity: 3 }, { type: 'open-strip' }]);
  });

  it('an out-of-stock product is not added', () => {
    const result = run(user(), { type: 'add', product: product(5, { stock: 0 }) });
    expect(result.state.items).toEqual([]);
    expect(result.effects).toEqual([]);
  });
});

describe('increase and decrease', () => {
  it('increase raises the count (synced when logged in)', () => {
    expect(counts(run(state({ items: [item(milk, 2)] }), { type: 'increase', productId: 1 }).state)).toEqual([
      [1, 3],
    ]);
    expect(run(user({ items: [item(milk, 2)] }), { type: 'increase', productId: 1 }).effects).toEqual([
      { type: 'set-line', productId: 1, quantity: 3 },
    ]);
  });

  it('increase stops at the stock and at the server limit', () => {
    const scarce = product(7, { stock: 3 });
    const atStock = run(state({ items: [item(scarce, 3)] }), { type: 'increase', productId: 7 });
    expect(counts(atStock.state)).toEqual([[7, 3]]);
    const plenty = product(8, { stock: 500 });
    const atLimit = run(user({ items: [item(plenty, 99)] }), { type: 'increase', productId: 8 });
    expect(counts(atLimit.state)).toEqual([[8, 99]]);
    expect(atLimit.effects.filter(isServerEffect)).toEqual([]);
  });

  it('the most a line holds is the shared rule: the stock, never above 99', () => {
    expect(maxCount(product(7, { stock: 3 }))).toBe(3);
    expect(maxCount(product(8, { stock: 500 }))).toBe(99);
  });

  it('decrease above 1 lowers the count', () => {
    const result = run(user({ items: [item(milk, 3)] }), { type: 'decrease', productId: 1 });
    expect(counts(result.state)).toEqual([[1, 2]]);
    expect(result.effects).toEqual([{ type: 'set-line', productId: 1, quantity: 2 }]);
  });

  it('decrease at 1 removes the product (with the server call when logged in)', () => {
    const from = user({ items: [item(milk, 1), item(rice, 2)] });
    const result = run(from, { type: 'decrease', productId: 1 });
    expect(counts(result.state)).toEqual([[2, 2]]);
    expect(result.effects).toEqual([{ type: 'delete-line', productId: 1 }]);
  });
});

describe('remove', () => {
  it.each([
    ['a visitor: no server call', state({ items: [item(milk), item(rice)] }), []],
    [
      'a logged-in user: the server call',
      user({ items: [item(milk), item(rice)] }),
      [{ type: 'delete-line', productId: 1 }],
    ],
  ] as const)('%s', (_case, from, effects) => {
    const result = run(from, { type: 'remove', productId: 1 });
    expect(counts(result.state)).toEqual([[2, 1]]);
    expect(result.effects).toEqual(effects);
  });

  it('removing the last product leaves no items (cart-ui-slice.ts then closes the strip and the panel)', () => {
    const result = run(state({ items: [item(milk)] }), { type: 'remove', productId: 1 });
    expect(result.state.items).toEqual([]);
  });
});

describe('empty', () => {
  it.each([
    ['a visitor: only the local cart', state({ items: [item(milk, 4), item(toy, 2)] }), []],
    ['a logged-in user: the server cart too', user({ items: [item(milk, 4)] }), [{ type: 'clear' }]],
  ] as const)('%s', (_case, from, effects) => {
    const result = run(from, { type: 'empty' });
    expect(result.state.items).toEqual([]);
    expect(result.effects).toEqual(effects);
  });

  it('counts reset: a product added again after emptying starts at 1', () => {
    const emptied = run(state({ items: [item(milk, 4)] }), { type: 'empty' }).state;
    expect(counts(run(emptied, { type: 'add', product: milk }).state)).toEqual([[1, 1]]);
  });
});

describe('quantity field (set-count)', () => {
  it.each([
    ['a new count', 5, [[1, 5]], [{ type: 'set-line', productId: 1, quantity: 5 }]],
    ['the same count changes nothing', 2, [[1, 2]], []],
    ['0 removes the line', 0, [], [{ type: 'delete-line', productId: 1 }]],
    ['a fraction keeps the whole part', 3.7, [[1, 3]], [{ type: 'set-line', productId: 1, quantity: 3 }]],
    ['not a number changes nothing', Number.NaN, [[1, 2]], []],
  ] as const)('%s', (_case, count, expected, effects) => {
    const result = run(user({ items: [item(milk, 2)] }), { type: 'set-count', productId: 1, count });
    expect(counts(result.state)).toEqual(expected);
    expect(result.effects).toEqual(effects);
  });
});

describe('restore for a logged-in user (spec §4)', () => {
  it('a server cart without a city takes the stored city and gives it to the server; empty as well: stop', () => {
    const result = restoreFromServer(user({ serverCityId: null }), serverCart(null, []), inMontevideo);
    expect(result.effects).toEqual([{ type: 'set-city', cityName: 'Montevideo' }]);
    expect(result.state.items).toEqual([]);
    expect(opensStrip(result)).toBe(false);
    expect(result.state.serverCityId).toBe(montevideo.id);
  });

  it('a server cart without a city but with items takes the stored city and the items', () => {
    const result = restoreFromServer(
      user({ serverCityId: null }),
      serverCart(null, [item(milk, 2)]),
      inMontevideo,
    );
    expect(counts(result.state)).toEqual([[1, 2]]);
    expect(result.effects).toEqual([
      { type: 'set-city', cityName: 'Montevideo' },
      { type: 'select-city', city: montevideo },
      { type: 'select-store', storeId: 1 },
      { type: 'open-strip' },
    ]);
  });

  it('server items replace the local ones; the server city and the first item’s store are selected', () => {
    const from = user({ items: [item(rice, 9)] });
    const result = restoreFromServer(from, serverCart(montevideo, [item(toy, 2), item(milk, 1)]), {
      appCity: null,
    });
    expect(counts(result.state)).toEqual([
      [101, 2],
      [1, 1],
    ]);
    expect(result.effects).toEqual([
      { type: 'select-city', city: montevideo },
      { type: 'select-store', storeId: 2 },
      { type: 'open-strip' },
    ]);
  });

  it('restoring a non-empty cart opens the cart panel', () => {
    const result = restoreFromServer(user(), serverCart(montevideo, [item(milk)]), inMontevideo);
    expect(opensStrip(result)).toBe(true);
  });

  it('a passed-in city different from the cart’s empties the cart (and the server’s)', () => {
    const result = restoreFromServer(user(), serverCart(montevideo, [item(milk)]), inMontevideo, salto);
    expect(result.state.items).toEqual([]);
    expect(opensStrip(result)).toBe(false);
    expect(result.effects).toContainEqual({ type: 'clear' });
  });

  it('a passed-in city equal to the cart’s keeps it', () => {
    const result = restoreFromServer(user(), serverCart(montevideo, [item(milk)]), inMontevideo, montevideo);
    expect(counts(result.state)).toEqual([[1, 1]]);
    expect(result.effects).not.toContainEqual({ type: 'clear' });
  });
});

describe('session: start, login, logout', () => {
  it('a session found at start loads the server cart and restores it', () => {
    const started = run(INITIAL_CART_STATE, { type: 'session', userId: USER });
    expect(started.effects).toEqual([{ type: 'load' }]);
    expect(started.state.loading?.mode).toBe('restore');
    const loaded = run(started.state, {
      type: 'server-loaded',
      cart: serverCart(montevideo, [item(milk, 3)]),
    });
    expect(counts(loaded.state)).toEqual([[1, 3]]);
    expect(loaded.state.loading).toBeNull();
    expect(opensStrip(loaded)).toBe(true);
  });

  it('products added before who-am-I answered go on top of the restored cart', () => {
    const early = run(INITIAL_CART_STATE, { type: 'add', product: toy }).state;
    const started = run(early, { type: 'session', userId: USER });
    const loaded = run(started.state, {
      type: 'server-loaded',
      cart: serverCart(montevideo, [item(milk, 2)]),
    });
    expect(counts(loaded.state)).toEqual([
      [1, 2],
      [101, 1],
    ]);
    expect(loaded.effects.filter(isServerEffect)).toEqual([
      { type: 'set-line', productId: 101, quantity: 1 },
    ]);
  });

  it('a visitor at start: nothing to load', () => {
    const result = run(INITIAL_CART_STATE, { type: 'session', userId: null });
    expect(result.state.session).toBe('visitor');
    expect(result.effects).toEqual([]);
  });

  it('login with local items (sync): set the server city when it differs, then replace the server cart', () => {
    const visitor = state({ items: [item(milk, 2), item(toy, 1)] });
    const started = run(visitor, { type: 'session', userId: USER });
    expect(started.state.loading?.mode).toBe('sync');
    const loaded = run(started.state, { type: 'server-loaded', cart: serverCart(salto, [item(rice, 5)]) });
    expect(counts(loaded.state)).toEqual([
      [1, 2],
      [101, 1],
    ]);
    expect(loaded.effects.filter(isServerEffect)).toEqual([
      { type: 'set-city', cityName: 'Montevideo' },
      {
        type: 'replace',
        lines: [
          { product_id: 1, quantity: 2 },
          { product_id: 101, quantity: 1 },
        ],
      },
    ]);
  });

  it('login with local items and the same server city: only the replacement', () => {
    const started = run(state({ items: [item(milk)] }), { type: 'session', userId: USER });
    const loaded = run(started.state, { type: 'server-loaded', cart: serverCart(montevideo, []) });
    expect(loaded.effects.filter(isServerEffect)).toEqual([
      { type: 'replace', lines: [{ product_id: 1, quantity: 1 }] },
    ]);
  });

  it('login with an empty local cart takes the server cart', () => {
    const started = run(state(), { type: 'session', userId: USER });
    const loaded = run(started.state, {
      type: 'server-loaded',
      cart: serverCart(montevideo, [item(rice, 4)]),
    });
    expect(counts(loaded.state)).toEqual([[2, 4]]);
    expect(loaded.effects.filter(isServerEffect)).toEqual([]);
  });

  it('changes made while the load is in flight show at once and reach the server after the answer', () => {
    const started = run(INITIAL_CART_STATE, { type: 'session', userId: USER }).state;
    const added = run(started, { type: 'add', product: toy });
    expect(counts(added.state)).toEqual([[101, 1]]);
    expect(added.effects.filter(isServerEffect)).toEqual([]);
    const loaded = run(added.state, { type: 'server-loaded', cart: serverCart(montevideo, [item(milk, 2)]) });
    expect(counts(loaded.state)).toEqual([
      [1, 2],
      [101, 1],
    ]);
    expect(loaded.effects.filter(isServerEffect)).toEqual([
      { type: 'set-line', productId: 101, quantity: 1 },
    ]);
  });

  it('a failed load at start falls back to the copy saved on this device', () => {
    const saved = { user_account_id: USER, items: [item(milk, 2)] };
    const started = run(INITIAL_CART_STATE, { type: 'session', userId: USER, saved }).state;
    expect(started.items).toEqual([]);
    const failed = run(started, { type: 'server-load-failed' });
    expect(counts(failed.state)).toEqual([[1, 2]]);
    expect(failed.state.loading).toBeNull();
    expect(opensStrip(failed)).toBe(true);
  });

  it('logout clears the cart', () => {
    const result = run(user({ items: [item(milk)] }), {
      type: 'session',
      userId: null,
    });
    expect(result.state).toEqual({ ...INITIAL_CART_STATE, session: 'visitor' });
    expect(result.effects).toEqual([]);
  });

  it('a load answer after logout is ignored', () => {
    const started = run(INITIAL_CART_STATE, { type: 'session', userId: USER }).state;
    const out = run(started, { type: 'session', userId: null }).state;
    const late = run(out, { type: 'server-loaded', cart: serverCart(montevideo, [item(milk)]) });
    expect(late.state.items).toEqual([]);
  });
});

describe('repeat order (spec §4)', () => {
  it('loads the cart, adds the order’s products on top and takes the city from the result', () => {
    const from = user({ items: [] });
    const started = run(from, {
      type: 'repeat-order',
      lines: [
        { product: milk, quantity: 2 },
        { product: toy, quantity: 1 },
      ],
    });
    expect(started.effects).toEqual([{ type: 'load' }]);
    const loaded = run(started.state, {
      type: 'server-loaded',
      cart: serverCart(montevideo, [item(milk, 1)]),
    });
    expect(counts(loaded.state)).toEqual([
      [1, 3],
      [101, 1],
    ]);
    expect(loaded.effects).toEqual([
      { type: 'select-city', city: montevideo },
      { type: 'select-store', storeId: 1 },
      { type: 'open-strip' },
      { type: 'set-line', productId: 1, quantity: 3 },
      { type: 'open-strip' },
      { type: 'set-line', productId: 101, quantity: 1 },
      { type: 'open-strip' },
    ]);
  });

  it('a visitor’s repeat just adds locally', () => {
    const result = run(state(), { type: 'repeat-order', lines: [{ product: rice, quantity: 2 }] });
    expect(counts(result.state)).toEqual([[2, 2]]);
    expect(result.effects).toEqual([{ type: 'open-strip' }]);
  });
});

describe('city change accepted (spec §4)', () => {
  it('empties the cart; a logged-in user’s server cart is emptied and gets the new city', () => {
    const result = run(user({ items: [item(milk)] }), { type: 'change-city', city: salto });
    expect(result.state.items).toEqual([]);
    expect(result.effects).toEqual([{ type: 'clear' }, { type: 'set-city', cityName: 'Salto' }]);
  });

  it('a visitor’s cart is emptied locally only', () => {
    const result = run(state({ items: [item(milk)] }), { type: 'change-city', city: salto });
    expect(result.state.items).toEqual([]);
    expect(result.effects).toEqual([]);
  });
});

describe('the stock notice (review of issue 8: a capped quantity is told, not silent)', () => {
  const scarce = product(7, { name: 'Paracetamol', stock: 11 });
  const notice = { type: 'notify-quantity-cap', productName: 'Paracetamol', count: 11, cappedBy: 'stock' };

  it('typing more than the stock caps the count and tells the shopper', () => {
    const result = run(user({ items: [item(scarce, 2)] }), { type: 'set-count', productId: 7, count: 30 });
    expect(counts(result.state)).toEqual([[7, 11]]);
    expect(result.effects).toEqual([notice, { type: 'set-line', productId: 7, quantity: 11 }]);
  });

  it('asking more at the cap (the + of the strip, a retyped count) tells it again, with no write', () => {
    const from = state({ items: [item(scarce, 11)] });
    expect(run(from, { type: 'increase', productId: 7 }).effects).toEqual([notice]);
    expect(run(from, { type: 'set-count', productId: 7, count: 300 }).effects).toEqual([notice]);
  });

  it('adding above the stock, new or already in the cart, is capped and told', () => {
    expect(run(state(), { type: 'add', product: scarce, quantity: 30 }).effects).toEqual([
      notice,
      { type: 'open-strip' },
    ]);
    const again = run(state({ items: [item(scarce, 11)] }), { type: 'add', product: scarce });
    expect(counts(again.state)).toEqual([[7, 11]]);
    expect(again.effects).toEqual([notice, { type: 'open-strip' }]);
  });

  it('the per-line limit of 99 is told as a limit, not as stock', () => {
    const plenty = product(8, { name: 'Arroz', stock: 500 });
    expect(
      run(state({ items: [item(plenty, 2)] }), { type: 'set-count', productId: 8, count: 150 }).effects,
    ).toEqual([{ type: 'notify-quantity-cap', productName: 'Arroz', count: 99, cappedBy: 'limit' }]);
  });

  it('a count within the stock says nothing', () => {
    const result = run(state({ items: [item(scarce, 2)] }), { type: 'set-count', productId: 7, count: 11 });
    expect(result.effects).toEqual([]);
  });

  it('changes replayed after a load are not told twice', () => {
    const started = run(user(), { type: 'session', userId: 'u-2' }).state;
    const typed = run(started, { type: 'add', product: scarce, quantity: 30 });
    expect(typed.effects).toContainEqual(notice);
    const loaded = run(typed.state, { type: 'server-loaded', cart: serverCart(montevideo, []) });
    expect(loaded.effects).not.toContainEqual(notice);
  });
});

describe('saving (spec §4: only when logged in)', () => {
  it('keeps the logged-in user’s cart, with whose it is, and nothing of a visitor’s', () => {
    expect(cartToStore(user({ items: [item(milk, 2)] }))).toEqual({
      user_account_id: USER,
      items: [item(milk, 2)],
    });
    expect(cartToStore(state({ items: [item(milk, 2)] }))).toBeNull();
    expect(cartToStore(INITIAL_CART_STATE)).toBeNull();
  });

  it('reads back only what it wrote', () => {
    expect(isStoredCart({ user_account_id: USER, items: [item(milk, 2)] })).toBe(true);
    // A copy without its owner (written before owners were recorded) is not anyone's.
    expect(isStoredCart({ items: [item(milk, 2)] })).toBe(false);
    expect(isStoredCart({ user_account_id: USER, items: [{ product: { id: 1 }, count: 2 }] })).toBe(false);
    expect(isStoredCart({ user_account_id: USER, items: [item(milk, 0)] })).toBe(false);
    expect(isStoredCart('[]')).toBe(false);
  });
});

describe('coalescing server effects', () => {
  it('keeps the last of consecutive replacements and of consecutive counts of one line', () => {
    expect(
      coalesceServerEffects([
        { type: 'set-line', productId: 1, quantity: 2 },
        { type: 'set-line', productId: 1, quantity: 3 },
        { type: 'set-line', productId: 2, quantity: 1 },
        { type: 'replace', lines: [] },
        { type: 'replace', lines: [{ product_id: 1, quantity: 1 }] },
        { type: 'clear' },
      ]),
    ).toEqual([
      { type: 'set-line', productId: 1, quantity: 3 },
      { type: 'set-line', productId: 2, quantity: 1 },
      { type: 'replace', lines: [{ product_id: 1, quantity: 1 }] },
      { type: 'clear' },
    ]);
  });
});

function outOfStock(p: Product) {
  return { errors: [{ out_of_stock: true, product_id: p.id, name: p.name }] };
}

/** Runs a list of events from a state, returning the last result and every effect on the way. */
function runAll(from: CartState, events: CartEvent[], context = inMontevideo) {
  let current = { state: from, effects: [] as ReturnType<typeof run>['effects'] };
  const effects: ReturnType<typeof run>['effects'] = [];
  for (const event of events) {
    current = run(current.state, event, context);
    effects.push(...current.effects);
  }
  return { state: current.state, effects };
}

describe('a refused write (4xx): the server’s cart is the truth', () => {
  it('an increase refused as out of stock loads the server cart and shows the count it kept', () => {
    const raised = run(user({ items: [item(milk, 2)] }), { type: 'increase', productId: 1 });
    expect(counts(raised.state)).toEqual([[1, 3]]);
    const refused = run(raised.state, {
      type: 'server-write-failed',
      effect: { type: 'set-line', productId: 1, quantity: 3 },
      status: 400,
      body: outOfStock(milk),
    });
    expect(refused.effects).toEqual([{ type: 'load' }]);
    const loaded = run(refused.state, {
      type: 'server-loaded',
      cart: serverCart(montevideo, [item(milk, 2)]),
    });
    expect(counts(loaded.state)).toEqual([[1, 2]]);
    expect(loaded.effects).toEqual([]);
    expect(loaded.state.loading).toBeNull();
  });

  it('the reconciling load selects no city or store, and changes made meanwhile are replayed on it', () => {
    const refused = run(user({ items: [item(milk, 1)] }), {
      type: 'server-write-failed',
      effect: { type: 'set-line', productId: 1, quantity: 1 },
      status: 400,
      body: { detail: 'El producto no está disponible.' },
    });
    const added = run(refused.state, { type: 'add', product: toy });
    expect(added.effects.filter(isServerEffect)).toEqual([]);
    const loaded = run(added.state, { type: 'server-loaded', cart: serverCart(montevideo, [item(rice, 1)]) });
    expect(counts(loaded.state)).toEqual([
      [2, 1],
      [101, 1],
    ]);
    expect(loaded.effects.filter(isServerEffect)).toEqual([
      { type: 'set-line', productId: 101, quantity: 1 },
    ]);
  });

  it('a second refusal while the load is on its way asks for nothing more', () => {
    const first = run(user({ items: [item(milk)] }), {
      type: 'server-write-failed',
      effect: { type: 'set-line', productId: 1, quantity: 1 },
      status: 400,
    });
    const second = run(first.state, {
      type: 'server-write-failed',
      effect: { type: 'delete-line', productId: 2 },
      status: 400,
    });
    expect(second.effects).toEqual([]);
  });

  it('a visitor’s cart never reacts to a server failure', () => {
    const from = state({ items: [item(milk)] });
    const result = run(from, {
      type: 'server-write-failed',
      effect: { type: 'set-line', productId: 1, quantity: 1 },
      status: 400,
    });
    expect(result).toEqual({ state: from, effects: [] });
  });
});

describe('the login sync refused for one line (spec §8 out of stock)', () => {
  it('drops the line the server named and replaces the server cart with the rest', () => {
    const started = run(state({ items: [item(milk, 2), item(toy, 1)] }), { type: 'session', userId: USER });
    const synced = run(started.state, { type: 'server-loaded', cart: serverCart(montevideo, []) });
    const refused = run(synced.state, {
      type: 'server-write-failed',
      effect: {
        type: 'replace',
        lines: [
          { product_id: 1, quantity: 2 },
          { product_id: 101, quantity: 1 },
        ],
      },
      status: 400,
      body: outOfStock(toy),
    });
    expect(counts(refused.state)).toEqual([[1, 2]]);
    expect(refused.effects).toEqual([{ type: 'replace', lines: [{ product_id: 1, quantity: 2 }] }]);
  });

  it('a refusal that names no line takes the server cart instead', () => {
    const refused = run(user({ items: [item(milk, 2)] }), {
      type: 'server-write-failed',
      effect: { type: 'replace', lines: [{ product_id: 1, quantity: 2 }] },
      status: 400,
      body: { detail: 'El producto no está disponible.' },
    });
    expect(refused.effects).toEqual([{ type: 'load' }]);
  });
});

describe('a lost write (no answer, 5xx): nothing the shopper did is lost', () => {
  it.each([0, 500, 503])(
    'status %i: the queued writes are dropped and the whole cart is sent on retry',
    (status) => {
      const added = run(user({ items: [item(milk, 1)] }), { type: 'add', product: toy });
      const lost = run(added.state, {
        type: 'server-write-failed',
        effect: { type: 'set-line', productId: 101, quantity: 1 },
        status,
      });
      expect(counts(lost.state)).toEqual([
        [1, 1],
        [101, 1],
      ]);
      expect(lost.effects).toEqual([{ type: 'drop-queued-writes' }]);
      const retried = run(lost.state, { type: 'resync' });
      expect(retried.effects).toEqual([
        // The server city may not have been set either: it goes first.
        { type: 'set-city', cityName: 'Montevideo' },
        {
          type: 'replace',
          lines: [
            { product_id: 1, quantity: 1 },
            { product_id: 101, quantity: 1 },
          ],
        },
      ]);
      expect(retried.state.retry).toBeNull();
      expect(run(retried.state, { type: 'resync' }).effects).toEqual([]);
    },
  );

  it('the next change sends the whole cart at once instead of its own write', () => {
    const lost = run(user({ items: [item(milk, 1)] }), {
      type: 'server-write-failed',
      effect: { type: 'set-line', productId: 1, quantity: 1 },
      status: 0,
    });
    const raised = run(lost.state, { type: 'increase', productId: 1 });
    expect(raised.effects).toEqual([
      { type: 'set-city', cityName: 'Montevideo' },
      { type: 'replace', lines: [{ product_id: 1, quantity: 2 }] },
    ]);
    // Back in step: the change after that is a single write again.
    expect(run(raised.state, { type: 'increase', productId: 1 }).effects).toEqual([
      { type: 'set-line', productId: 1, quantity: 3 },
    ]);
  });

  it('a load answering after a lost write lets the screen win', () => {
    const started = run(user({ items: [item(milk, 1)] }), {
      type: 'repeat-order',
      lines: [{ product: toy, quantity: 1 }],
    });
    const lost = run(started.state, {
      type: 'server-write-failed',
      effect: { type: 'set-line', productId: 1, quantity: 1 },
      status: 502,
    });
    expect(run(lost.state, { type: 'resync' }).effects).toEqual([]);
    const loaded = run(lost.state, { type: 'server-loaded', cart: serverCart(montevideo, []) });
    expect(counts(loaded.state)).toEqual([
      [1, 1],
      [101, 1],
    ]);
    expect(loaded.effects).toEqual([
      {
        type: 'replace',
        lines: [
          { product_id: 1, quantity: 1 },
          { product_id: 101, quantity: 1 },
        ],
      },
    ]);
  });
});

describe('a failed set-city does not block adding', () => {
  it('a lost set-city is sent again with the next add', () => {
    const added = run(user({ serverCityId: null }), { type: 'add', product: milk });
    expect(added.effects[0]).toEqual({ type: 'set-city', cityName: 'Montevideo' });
    const lost = run(added.state, {
      type: 'server-write-failed',
      effect: { type: 'set-city', cityName: 'Montevideo' },
      status: 0,
    });
    expect(lost.state.serverCityId).toBeNull();
    const again = run(lost.state, { type: 'add', product: rice });
    expect(again.effects).toEqual([
      { type: 'set-city', cityName: 'Montevideo' },
      {
        type: 'replace',
        lines: [
          { product_id: 1, quantity: 1 },
          { product_id: 2, quantity: 1 },
        ],
      },
    ]);
  });

  it('a refused set-city takes the server’s city from its cart, so the next add asks again', () => {
    const { state: after } = runAll(user({ serverCityId: null, items: [] }), [
      { type: 'add', product: milk },
      {
        type: 'server-write-failed',
        effect: { type: 'set-city', cityName: 'Montevideo' },
        status: 403,
      },
      { type: 'server-loaded', cart: serverCart(null, []) },
    ]);
    expect(after.serverCityId).toBeNull();
    expect(run(after, { type: 'add', product: rice }).effects.filter(isServerEffect)).toEqual([
      { type: 'set-city', cityName: 'Montevideo' },
      { type: 'set-line', productId: 2, quantity: 1 },
    ]);
  });
});

describe('a failed load: nothing is lost and the load is retried', () => {
  it('changes made during the load go over the saved copy and are replayed when the retry answers', () => {
    const saved = { user_account_id: USER, items: [item(milk, 2)] };
    const early = run(INITIAL_CART_STATE, { type: 'add', product: toy }).state;
    const { state: failed } = runAll(early, [
      { type: 'session', userId: USER, saved },
      { type: 'add', product: rice },
      { type: 'server-load-failed' },
    ]);
    expect(counts(failed)).toEqual([
      [1, 2],
      [101, 1],
      [2, 1],
    ]);
    // Changes while the retry waits join the load's changes.
    const raised = run(failed, { type: 'increase', productId: 1 });
    expect(raised.effects).toEqual([]);
    expect(counts(raised.state)[0]).toEqual([1, 3]);

    const retried = run(raised.state, { type: 'resync' });
    expect(retried.effects).toEqual([{ type: 'load' }]);
    const loaded = run(retried.state, {
      type: 'server-loaded',
      cart: serverCart(montevideo, [item(milk, 2)]),
    });
    expect(counts(loaded.state)).toEqual([
      [1, 3],
      [101, 1],
      [2, 1],
    ]);
    expect(loaded.effects.filter(isServerEffect)).toEqual([
      { type: 'set-line', productId: 101, quantity: 1 },
      { type: 'set-line', productId: 2, quantity: 1 },
      { type: 'set-line', productId: 1, quantity: 3 },
    ]);
  });

  it('a second failure does not add the changes twice', () => {
    const saved = { user_account_id: USER, items: [item(milk, 2)] };
    const { state: twice } = runAll(INITIAL_CART_STATE, [
      { type: 'session', userId: USER, saved },
      { type: 'increase', productId: 1 },
      { type: 'server-load-failed' },
      { type: 'resync' },
      { type: 'server-load-failed' },
    ]);
    expect(counts(twice)).toEqual([[1, 3]]);
  });

  it('without a saved copy the screen’s items stay', () => {
    const { state: failed } = runAll(INITIAL_CART_STATE, [
      { type: 'session', userId: USER },
      { type: 'add', product: milk },
      { type: 'server-load-failed' },
    ]);
    expect(counts(failed)).toEqual([[1, 1]]);
    expect(failed.retry).not.toBeNull();
  });

  it('a login sync that failed to load still sends the visitor’s items on the retry (merged, decision 032)', () => {
    const { state: failed } = runAll(state({ items: [item(milk, 2)] }), [
      { type: 'session', userId: USER },
      { type: 'server-load-failed' },
      { type: 'resync' },
    ]);
    const loaded = run(failed, { type: 'server-loaded', cart: serverCart(montevideo, [item(rice, 1)]) });
    expect(counts(loaded.state)).toEqual([
      [2, 1],
      [1, 2],
    ]);
    expect(loaded.effects.filter(isServerEffect)).toEqual([
      {
        type: 'replace',
        lines: [
          { product_id: 2, quantity: 1 },
          { product_id: 1, quantity: 2 },
        ],
      },
    ]);
  });
});

describe('the saved copy belongs to one account', () => {
  it('another account’s saved copy is never shown', () => {
    const saved = { user_account_id: 'someone-else', items: [item(milk, 2)] };
    const { state: failed } = runAll(INITIAL_CART_STATE, [
      { type: 'session', userId: USER, saved },
      { type: 'server-load-failed' },
    ]);
    expect(failed.items).toEqual([]);
  });

  it('nothing is saved while the server cart is being restored (the saved copy is the fallback)', () => {
    const restoring = run(INITIAL_CART_STATE, { type: 'session', userId: USER }).state;
    expect(cartToStore(restoring)).toBeNull();
    const loaded = run(restoring, {
      type: 'server-loaded',
      cart: serverCart(montevideo, [item(milk)]),
    }).state;
    expect(cartToStore(loaded)).toEqual({ user_account_id: USER, items: [item(milk)] });
  });

  it('another account logging in starts from that account’s cart, not the previous one’s', () => {
    const result = run(user({ items: [item(milk, 2)] }), { type: 'session', userId: 'u-2' });
    expect(result.state.items).toEqual([]);
    expect(result.state.userId).toBe('u-2');
    expect(result.effects).toEqual([{ type: 'load' }]);
  });
});
