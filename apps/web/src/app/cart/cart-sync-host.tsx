import type { Cart as ServerCart } from '@mandado/shared/cart.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ApiError, apiDelete, apiGet, apiPost, apiPut, segment } from '../../lib/api-client.ts';
import { failureMessage } from '../../lib/failure-text.ts';
import { readJson, STORAGE_KEYS } from '../../lib/storage.ts';
import { whoamiQueryOptions } from '../../lib/whoami-query.ts';
import { useAppStore } from '../../state/app-store.ts';
import {
  type CartEvent,
  type CartServerEffect,
  coalesceServerEffects,
  isStoredCart,
  isUnreachable,
} from '../../state/cart/cart-machine.ts';
import type { SwipeAction } from '../account/swipe-gesture.ts';
import { useSwipeGestures } from '../account/use-swipe-gestures.ts';

/** The first retry of a failed cart call or who-am-I waits this long, doubling up to RETRY_MAX_MS. */
const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 30_000;

function backOff(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}

/** One server effect of the cart machine as an API call (spec §7 cart calls); every call answers the cart. */
function runEffect(effect: CartServerEffect): Promise<ServerCart> {
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

/**
 * Runs the queued server effects one at a time, in order (a line's count must not overtake its creation).
 * A failed call is handed to the cart machine, which repairs it (decision 010, Failures): a refusal loads the
 * server's cart, a lost call (no answer, 5xx) has the whole cart sent again — on the next change, or here
 * after a back-off. A refusal shows the server's text (spec §8: an out-of-stock product names itself); a
 * lost call shows the connection notice once until a call gets through. A 401 means the session ended, so
 * who-am-I is asked again and the rest of the queue is dropped. Writes of a session that has ended are not
 * sent.
 */
function useEffectQueue(queryClient: QueryClient): void {
  useEffect(() => {
    let running = false;
    let disposed = false;
    /** Failed calls in a row: the retry's back-off. */
    let failures = 0;
    let lostNoticeShown = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;

    function dispatch(event: CartEvent) {
      useAppStore.getState().cartDispatch(event);
    }

    function currentUser(): string | null {
      return useAppStore.getState().cart.userId;
    }

    function reportFailure(error: unknown, status: number) {
      if (isUnreachable(status)) {
        if (lostNoticeShown) return;
        lostNoticeShown = true;
      }
      useAppStore
        .getState()
        .notify({ kind: 'error', title: MESSAGES.serverError, message: failureMessage(error) });
    }

    async function drain() {
      if (running) return;
      running = true;
      try {
        while (!disposed) {
          const effects = coalesceServerEffects(useAppStore.getState().takeCartEffects());
          if (effects.length === 0) break;
          const owner = currentUser();
          let writesLost = false;
          for (const effect of effects) {
            // Logged out (or another account) meanwhile: the rest was the previous session's.
            if (disposed || currentUser() !== owner) break;
            // After a lost write the whole cart goes again; the writes queued behind it are stale.
            if (writesLost && effect.type !== 'load') continue;
            try {
              const cart = await runEffect(effect);
              if (currentUser() !== owner) break;
              failures = 0;
              lostNoticeShown = false;
              if (effect.type === 'load') dispatch({ type: 'server-loaded', cart });
            } catch (error) {
              if (currentUser() !== owner) break;
              const status = error instanceof ApiError ? error.status : 0;
              if (status === 401) {
                useAppStore.getState().takeCartEffects();
                void queryClient.invalidateQueries({ queryKey: whoamiQueryOptions().queryKey });
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
      const { cart } = useAppStore.getState();
      if (cart.session !== 'user' || cart.retry === null || cart.loading !== null) {
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

    const unsubscribe = useAppStore.subscribe((state, previous) => {
      if (state.cart !== previous.cart) scheduleRetry();
      if (state.cartEffects !== previous.cartEffects && state.cartEffects.length > 0) void drain();
    });
    window.addEventListener('online', retryNow);
    void drain();
    return () => {
      disposed = true;
      clearTimeout(retryTimer);
      window.removeEventListener('online', retryNow);
      unsubscribe();
    };
  }, [queryClient]);
}

/**
 * Tells the cart who is there, from who-am-I: a user found at start restores the server cart, a login
 * syncs the visitor's cart into the account, a logout (or another user) clears it (spec §4). A failed
 * who-am-I leaves the session unknown (the cart is kept on screen, not sent): it is asked again with a
 * back-off, and a shopper with items is told the connection failed.
 */
function useCartSession(): void {
  const whoami = useQuery(whoamiQueryOptions());
  const userId = whoami.isSuccess ? (whoami.data.whoami?.user_account_id ?? null) : undefined;
  const previous = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (userId === undefined || previous.current === userId) return;
    previous.current = userId;
    const saved = userId === null ? null : readJson(STORAGE_KEYS.cart, isStoredCart);
    useAppStore.getState().cartDispatch({ type: 'session', userId, saved });
  }, [userId]);

  const { isError, errorUpdateCount, error, refetch } = whoami;
  useEffect(() => {
    if (!isError) return;
    const timer = setTimeout(() => void refetch(), backOff(errorUpdateCount));
    return () => clearTimeout(timer);
  }, [isError, errorUpdateCount, refetch]);

  const unsynced = useAppStore((state) => state.cart.session === 'unknown' && state.cart.items.length > 0);
  const told = useRef(false);
  useEffect(() => {
    if (!isError) told.current = false;
    if (!isError || !unsynced || told.current) return;
    told.current = true;
    useAppStore
      .getState()
      .notify({ kind: 'error', title: MESSAGES.serverError, message: failureMessage(error) });
  }, [isError, unsynced, error]);
}

/** Spec §4 Opening: the strip opens on every route change with a non-empty cart. */
function useRouteEvents(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    useAppStore.getState().cartDispatch({ type: 'route-changed', pathname });
  }, [pathname]);
}

/** Spec §2: on phones a logged-in user swipes up from the bottom edge to open the expanded cart. */
function useCartSwipe(): void {
  const loggedIn = useAppStore((state) => state.cart.session === 'user');
  const onSwipe = useCallback((action: SwipeAction) => {
    const { cart, cartDispatch } = useAppStore.getState();
    // An empty cart is not opened by a swipe (its button still warns, spec §8): an upward drag from the
    // bottom edge is often just scrolling.
    if (
      action === 'open-cart' &&
      cart.items.length > 0 &&
      !cart.expandedOpen &&
      !document.querySelector('dialog[open]')
    ) {
      cartDispatch({ type: 'open-expanded' });
    } else if (action === 'close-cart' && cart.expandedOpen) {
      cartDispatch({ type: 'close-expanded' });
    }
  }, []);
  useSwipeGestures(loggedIn, onSwipe);
}

/** The cart's link to the server and the router, mounted once at the root of the app. */
export function CartSyncHost() {
  const queryClient = useQueryClient();
  useEffectQueue(queryClient);
  useCartSession();
  useRouteEvents();
  useCartSwipe();
  return null;
}
