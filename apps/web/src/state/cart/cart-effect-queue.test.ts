import type { Cart as ServerCart } from '@mandado/shared/cart.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestCartStore } from '../../testing/cart-store.ts';
import { aCartItem, aCity, aProduct, aServerCart } from '../../testing/factories.ts';
import { backOff, RETRY_BASE_MS, RETRY_MAX_MS } from './back-off.ts';
import { startCartEffectQueue } from './cart-effect-queue.ts';
import type { CartServerEffect } from './cart-machine.ts';

const USER = 'u-1';
const montevideo = aCity();
const yerba = aProduct({ name: 'Yerba', stock: 40 });
const rice = aProduct({ name: 'Arroz', stock: 40 });

/**
 * A fake of the network function only: every call is recorded with the time it was made, and answers as the
 * test says (by default the server's cart holding nothing, which no test here reads back).
 */
function fakeNetwork() {
  const calls: Array<{ effect: CartServerEffect; at: number }> = [];
  const pending: Array<{ resolve: (cart: ServerCart) => void; reject: (error: unknown) => void }> = [];
  let answer: (effect: CartServerEffect) => Promise<ServerCart> | 'hold' = () =>
    Promise.resolve(aServerCart(montevideo, []));
  const run = vi.fn((effect: CartServerEffect) => {
    calls.push({ effect, at: Date.now() });
    const planned = answer(effect);
    if (planned !== 'hold') return planned;
    return new Promise<ServerCart>((resolve, reject) => pending.push({ resolve, reject }));
  });
  return {
    run,
    calls,
    types: () => calls.map((call) => call.effect.type),
    answerWith(next: (effect: CartServerEffect) => Promise<ServerCart> | 'hold') {
      answer = next;
    },
    /** Answers the oldest held call. */
    release(cart: ServerCart = aServerCart(montevideo, [])) {
      pending.shift()?.resolve(cart);
    },
  };
}

/** A logged-in user whose server cart (empty, in Montevideo) has loaded, with the queue running. */
async function startLoggedIn() {
  const store = createTestCartStore(montevideo);
  const network = fakeNetwork();
  const onSessionEnded = vi.fn();
  const dispose = startCartEffectQueue({
    store,
    run: network.run,
    onSessionEnded,
    subscribeOnline: () => () => {},
  });
  store.getState().cartDispatch({ type: 'session', userId: USER });
  await vi.advanceTimersByTimeAsync(0);
  network.calls.length = 0;
  return { store, network, onSessionEnded, dispose };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the cart effect queue', () => {
  it('the back-off doubles from 2 s up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(backOff)).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(backOff(1)).toBe(RETRY_BASE_MS);
    expect(backOff(50)).toBe(RETRY_MAX_MS);
  });

  it('runs the effects one at a time, in the order they were queued', async () => {
    const { store, network } = await startLoggedIn();
    network.answerWith(() => 'hold');
    store.getState().cartDispatch({ type: 'add', product: yerba });
    store.getState().cartDispatch({ type: 'add', product: rice });
    store.getState().cartDispatch({ type: 'remove', productId: yerba.id });
    await vi.advanceTimersByTimeAsync(0);
    // The second call waits for the first one's answer.
    expect(network.types()).toEqual(['set-line']);
    network.release();
    await vi.advanceTimersByTimeAsync(0);
    network.release();
    await vi.advanceTimersByTimeAsync(0);
    network.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(network.calls.map((call) => call.effect)).toEqual([
      { type: 'set-line', productId: yerba.id, quantity: 1 },
      { type: 'set-line', productId: rice.id, quantity: 1 },
      { type: 'delete-line', productId: yerba.id },
    ]);
  });

  it('a lost call sends the whole cart again after a back-off that doubles up to the maximum', async () => {
    const { store, network } = await startLoggedIn();
    network.answerWith(() => Promise.reject(new ApiError(0, null)));
    const start = Date.now();
    store.getState().cartDispatch({ type: 'add', product: yerba });
    await vi.advanceTimersByTimeAsync(0);
    expect(network.types()).toEqual(['set-line']);
    // Each retry sends the city again (it may not have been set) and stops at the first lost call.
    await vi.advanceTimersByTimeAsync(62_000 + 30_000);
    const retries = network.calls.slice(1).map((call) => call.at - start);
    expect(retries).toEqual([2_000, 6_000, 14_000, 30_000, 60_000, 90_000]);
    expect(network.calls.slice(1).every((call) => call.effect.type === 'set-city')).toBe(true);
    // The connection notice is shown once, not once per retry.
    expect(store.getState().notifications).toHaveLength(1);
  });

  it('a lost call is resent as the whole cart once the server answers again', async () => {
    const { store, network } = await startLoggedIn();
    network.answerWith((effect) =>
      effect.type === 'set-line' ? Promise.reject(new ApiError(503, null)) : Promise.resolve(aServerCart()),
    );
    store.getState().cartDispatch({ type: 'add', product: yerba });
    store.getState().cartDispatch({ type: 'increase', productId: yerba.id });
    await vi.advanceTimersByTimeAsync(0);
    // The increase queued behind the lost add is stale: not sent on its own.
    expect(network.types()).toEqual(['set-line']);
    await vi.advanceTimersByTimeAsync(backOff(1));
    expect(network.calls.slice(1).map((call) => call.effect)).toEqual([
      { type: 'set-city', cityName: 'Montevideo' },
      { type: 'replace', lines: [{ product_id: yerba.id, quantity: 2 }] },
    ]);
    expect(store.getState().cart.retry).toBeNull();
  });

  it('a refusal hands the server’s cart to the machine and shows the server’s text', async () => {
    const { store, network } = await startLoggedIn();
    const serverCart = aServerCart(montevideo, [aCartItem(rice, 3)]);
    network.answerWith((effect) =>
      effect.type === 'load'
        ? Promise.resolve(serverCart)
        : Promise.reject(new ApiError(400, { detail: 'Ese producto no existe o ya no está a la venta.' })),
    );
    store.getState().cartDispatch({ type: 'add', product: yerba });
    await vi.advanceTimersByTimeAsync(0);
    expect(network.types()).toEqual(['set-line', 'load']);
    expect(store.getState().cart.items).toEqual([aCartItem(rice, 3)]);
    expect(store.getState().notifications).toEqual([
      {
        kind: 'error',
        title: MESSAGES.serverError,
        message: 'Ese producto no existe o ya no está a la venta.',
      },
    ]);
  });

  it('a 401 drops the rest of the queue and asks who-am-I again', async () => {
    const { store, network, onSessionEnded } = await startLoggedIn();
    network.answerWith(() => 'hold');
    store.getState().cartDispatch({ type: 'add', product: yerba });
    await vi.advanceTimersByTimeAsync(0);
    store.getState().cartDispatch({ type: 'add', product: rice });
    network.answerWith(() => Promise.reject(new ApiError(401, { detail: SERVER_MESSAGES.notAuthenticated })));
    network.release();
    await vi.advanceTimersByTimeAsync(0);
    // The rice went to the queue while the yerba was in flight; the 401 on it drops what is left.
    expect(network.types()).toEqual(['set-line', 'set-line']);
    expect(onSessionEnded).toHaveBeenCalledOnce();
    expect(store.getState().cartEffects).toEqual([]);
    await vi.advanceTimersByTimeAsync(RETRY_MAX_MS);
    expect(network.calls).toHaveLength(2);
  });

  it('disposal stops it: nothing more is sent and no retry fires', async () => {
    const { store, network, dispose } = await startLoggedIn();
    network.answerWith(() => 'hold');
    store.getState().cartDispatch({ type: 'add', product: yerba });
    store.getState().cartDispatch({ type: 'add', product: rice });
    await vi.advanceTimersByTimeAsync(0);
    expect(network.types()).toEqual(['set-line']);
    dispose();
    network.release();
    store.getState().cartDispatch({ type: 'increase', productId: yerba.id });
    await vi.advanceTimersByTimeAsync(RETRY_MAX_MS);
    expect(network.calls).toHaveLength(1);
  });

  it('disposal also cancels a retry that was waiting', async () => {
    const { store, network, dispose } = await startLoggedIn();
    network.answerWith(() => Promise.reject(new ApiError(0, null)));
    store.getState().cartDispatch({ type: 'add', product: yerba });
    await vi.advanceTimersByTimeAsync(0);
    dispose();
    await vi.advanceTimersByTimeAsync(RETRY_MAX_MS * 2);
    expect(network.calls).toHaveLength(1);
  });
});
