import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestCartStore } from '../../testing/cart-store.ts';
import { aCartItem, aCity, aProduct, aServerCart } from '../../testing/factories.ts';
import { takeRepeatedCart, unavailableText, unavailableTitle } from './repeat-order.ts';

const montevideo = aCity({ id: 1, name: 'Montevideo' });
const canelones = aCity({ id: 2, name: 'Canelones' });
const milk = aProduct({ name: 'Leche', store_id: 3 });
const yerba = aProduct({ name: 'Yerba', store_id: 4 });

beforeEach(() => {
  const values = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => values.set(key, value),
      removeItem: (key: string) => values.delete(key),
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A logged-in user whose server cart already holds one line. */
function userWithMilk() {
  const store = createTestCartStore(montevideo);
  const { cartDispatch } = store.getState();
  cartDispatch({ type: 'session', userId: 'u-1' });
  cartDispatch({ type: 'server-loaded', cart: aServerCart(montevideo, [aCartItem(milk, 1)]) });
  store.getState().takeCartEffects();
  return store;
}

describe('takeRepeatedCart', () => {
  it('shows the answered cart as is: the repeated products are not added a second time', () => {
    const store = userWithMilk();
    const answered = aServerCart(montevideo, [aCartItem(milk, 3), aCartItem(yerba, 2)]);
    takeRepeatedCart(answered, store.getState().cartDispatch);
    const { cart, cartUi } = store.getState();
    expect(cart.items.map((item) => [item.product.name, item.count])).toEqual([
      ['Leche', 3],
      ['Yerba', 2],
    ]);
    expect(cart.loading).toBeNull();
    expect(cartUi.stripOpen).toBe(true);
    // No write goes back to the server (it already holds this cart): only the machine's restore load.
    expect(store.getState().takeCartEffects()).toEqual([{ type: 'load' }]);
  });

  it('takes the order’s city from the answer and selects its first store', () => {
    const store = userWithMilk();
    takeRepeatedCart(aServerCart(canelones, [aCartItem(yerba, 1)]), store.getState().cartDispatch);
    expect(store.getState().city).toEqual(canelones);
    expect(store.getState().storeId).toBe(4);
  });

  it('the later answer of the queued load changes nothing', () => {
    const store = userWithMilk();
    takeRepeatedCart(aServerCart(montevideo, [aCartItem(yerba, 2)]), store.getState().cartDispatch);
    store.getState().cartDispatch({ type: 'server-loaded', cart: aServerCart(montevideo, []) });
    expect(store.getState().cart.items.map((item) => item.product.name)).toEqual(['Yerba']);
  });
});

describe('the unavailable products notice', () => {
  it('names each product with its reason', () => {
    expect(
      unavailableText([
        { name: 'Yerba', reason: 'Ya no se vende' },
        { name: 'Leche', reason: ' ' },
      ]),
    ).toBe('Yerba (Ya no se vende), Leche');
    expect(unavailableTitle(1)).toBe('1 producto del pedido no se pudo agregar');
    expect(unavailableTitle(2)).toBe('2 productos del pedido no se pudieron agregar');
  });
});
