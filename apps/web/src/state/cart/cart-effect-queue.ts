import type { Cart as ServerCart } from '@mandado/shared/cart.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { ApiError, apiDelete, apiGet, apiPost, apiPut, segment } from '@mandado/web-kit/api-client.ts';
import { failureMessage } from '@mandado/web-kit/failure-text.ts';
import { backOff } from './back-off.ts';
import {
  type CartEvent,
  type CartServerEffect,
  type CartState,
  coalesceServerEffects,
  isUnreachable,
} from './cart-machine.ts';

/** One server effect of the cart machine as an API call (spec §7 cart calls); every call answers the cart. */
function runCartEffect(effect: CartServerEffect): Promise<ServerCart> {
  switch (effect.type) {
    case 'load':
      return apiGet<ServerCart>('/cart/');
    case 'set-city':
      return apiPut<ServerCart>(`/cart/city/${segment(effect.cityName)}`);
    case 'replace':
      return apiPut<ServerCart>('/cart/', effect.lines);
    case 'set-line':
      return apiPost<ServerCart>('/cart/add/', { product_id: effect.productId, quantity: effect.quantity });
    case 'delete-line':
      return apiDelete<ServerCart>(`/cart/delete/${segment(effect.productId)}`);
    case 'clear':
      return apiDelete<ServerCart>('/cart/');
  }
}

/** The part of the app store the queue reads and drives (the cart slice and the notifications). */
export interface CartQueueState {
  cart: CartState;
  cartEffects: readonly CartServerEffect[];
  cartDispatch: (event: CartEvent) => void;
  takeCartEffects: () => CartServerEffect[];
  notify: (notification: { kind: 'error'; title: string; message?: string }) => void;
}

export interface CartQueueStore {
  getState: () => CartQueueState;
  subscribe: (listener: (state: CartQueueState, previous: CartQueueState) => void) => () => void;
}

export interface CartEffectQueueOptions {
  store: CartQueueStore;
  /** The network: one effect as an API call (tests pass a fake). */
  run?: (effect: CartServerEffect) => Promise<ServerCart>;
  /** A 401: the session ended; who-am-I is asked again (the host invalidates its query). */
  onSessionEnded: () => void;
  /** Called when the browser is back online, to retry at once; gives the unsubscribe. */
  subscribeOnline?: (listener: () => void) => () => void;
}

function browserOnline(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  window.addEventListener('online', listener);
  return () => window.removeEventListener('online', listener);
}

/**
 * Runs the queued server effects one at a time, in order (a line's count must not overtake its creation).
 * A failed call is handed to the cart machine, which repairs it (decision 010, Failures): a refusal loads the
 * server's cart, a lost call (no answer, 5xx) has the whole cart sent again — on the next change, or here
 * after a back-off. A refusal shows the server's text (spec §8: an out-of-stock product names itself); a
 * lost call shows the connection notice once until a call gets through. A 401 means the session ended, so
 * who-am-I is asked again and the rest of the queue is dropped. Writes of a session that has ended are not
 * sent. Gives the function that stops it.
 */
export function startCartEffectQueue({
  store,
  run = runCartEffect,
  onSessionEnded,
  subscribeOnline = browserOnline,
}: CartEffectQueueOptions): () => void {
  let running = false;
  let disposed = false;
  /** Failed calls in a row: the retry's back-off. */
  let failures = 0;
  let lostNoticeShown = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  function dispatch(event: CartEvent) {
    store.getState().cartDispatch(event);
  }

  function currentUser(): string | null {
    return store.getState().cart.userId;
  }

  function reportFailure(error: unknown, status: number) {
    if (isUnreachable(status)) {
      if (lostNoticeShown) return;
      lostNoticeShown = true;
    }
    const message = failureMessage(error);
    store
      .getState()
      .notify({ kind: 'error', title: MESSAGES.serverError, ...(message === undefined ? {} : { message }) });
  }

  async function drain() {
    if (running) return;
    running = true;
    try {
      while (!disposed) {
        const effects = coalesceServerEffects(store.getState().takeCartEffects());
        if (effects.length === 0) break;
        const owner = currentUser();
        let writesLost = false;
        for (const effect of effects) {
          // Logged out (or another account) meanwhile: the rest was the previous session's.
          if (disposed || currentUser() !== owner) break;
          // After a lost write the whole cart goes again; the writes queued behind it are stale.
          if (writesLost && effect.type !== 'load') continue;
          try {
            const cart = await run(effect);
            // A call that was sent is heard even after disposal (its load must land); nothing more is sent.
            if (currentUser() !== owner) break;
            failures = 0;
            lostNoticeShown = false;
            if (effect.type === 'load') dispatch({ type: 'server-loaded', cart });
          } catch (error) {
            if (currentUser() !== owner) break;
            const status = error instanceof ApiError ? error.status : 0;
            if (status === 401) {
              store.getState().takeCartEffects();
              onSessionEnded();
              break;
            }
            failures += 1;
            if (effect.type === 'load') dispatch({ type: 'server-load-failed' });
            else {
              const body = error instanceof ApiError ? error.body : null;
              dispatch({ type: 'server-write-failed', effect, status, body });
              if (isUnreachable(status)) writesLost = true;
            }
            reportFailure(error, status);
          }
        }
      }
    } finally {
      running = false;
    }
  }

  /** What a failed call left behind is retried after a back-off (or when the browser is back online). */
  function scheduleRetry() {
    const { cart } = store.getState();
    if (disposed || cart.session !== 'user' || cart.retry === null || cart.loading !== null) {
      clearTimeout(retryTimer);
      retryTimer = undefined;
      return;
    }
    retryTimer ??= setTimeout(() => {
      retryTimer = undefined;
      dispatch({ type: 'resync' });
    }, backOff(failures));
  }

  function retryNow() {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    dispatch({ type: 'resync' });
  }

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.cart !== previous.cart) scheduleRetry();
    if (state.cartEffects !== previous.cartEffects && state.cartEffects.length > 0) void drain();
  });
  const unsubscribeOnline = subscribeOnline(retryNow);
  void drain();
  return () => {
    disposed = true;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    unsubscribeOnline();
    unsubscribe();
  };
}
