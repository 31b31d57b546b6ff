import type { Cart as ServerCart } from '@mandado/shared/cart.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ApiError, apiDelete, apiGet, apiPost, apiPut, segment } from '../../lib/api-client.ts';
import { readJson, STORAGE_KEYS } from '../../lib/storage.ts';
import { whoamiQueryOptions } from '../../lib/whoami-query.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { type CartServerEffect, coalesceServerEffects, isStoredCart } from '../../stores/cart-machine.ts';
import type { SwipeAction } from '../account/swipe-gesture.ts';
import { useSwipeGestures } from '../account/use-swipe-gestures.ts';

/** One server effect of the cart machine as an API call (spec §7 cart calls). */
async function runEffect(effect: CartServerEffect): Promise<void> {
  const dispatch = useAppStore.getState().cartDispatch;
  switch (effect.type) {
    case 'load':
      try {
        dispatch({ type: 'server-loaded', cart: await apiGet<ServerCart>('/cart/') });
      } catch (error) {
        dispatch({
          type: 'server-load-failed',
          stored: readJson(STORAGE_KEYS.cart, isStoredCart)?.items ?? null,
        });
        throw error;
      }
      return;
    case 'set-city':
      await apiPut<ServerCart>(`/cart/city/${segment(effect.cityName)}`);
      return;
    case 'replace':
      await apiPut<ServerCart>('/cart/', effect.lines);
      return;
    case 'set-line':
      await apiPost<ServerCart>('/cart/add/', { product_id: effect.productId, quantity: effect.quantity });
      return;
    case 'delete-line':
      await apiDelete<ServerCart>(`/cart/delete/${segment(effect.productId)}`);
      return;
    case 'clear':
      await apiDelete<ServerCart>('/cart/');
      return;
  }
}

/**
 * Runs the queued server effects one at a time, in order (a line's count must not overtake its creation).
 * A refused call shows the server's text (spec §8: an out-of-stock product names itself); a 401 means the
 * session ended, so who-am-I is asked again and the rest of the queue is dropped.
 */
function useEffectQueue(queryClient: QueryClient): void {
  useEffect(() => {
    let running = false;
    let disposed = false;

    async function drain() {
      if (running) return;
      running = true;
      try {
        while (!disposed) {
          const effects = coalesceServerEffects(useAppStore.getState().takeCartEffects());
          if (effects.length === 0) break;
          for (const effect of effects) {
            try {
              await runEffect(effect);
            } catch (error) {
              if (error instanceof ApiError && error.status === 401) {
                useAppStore.getState().takeCartEffects();
                void queryClient.invalidateQueries({ queryKey: whoamiQueryOptions().queryKey });
                break;
              }
              if (effect.type === 'load') continue;
              useAppStore.getState().notify({
                kind: 'error',
                title: MESSAGES.serverError,
                message: error instanceof Error ? error.message : undefined,
              });
            }
          }
        }
      } finally {
        running = false;
      }
    }

    const unsubscribe = useAppStore.subscribe((state, previous) => {
      if (state.cartEffects !== previous.cartEffects && state.cartEffects.length > 0) void drain();
    });
    void drain();
    return () => {
      disposed = true;
      unsubscribe();
    };
  }, [queryClient]);
}

/**
 * Tells the cart who is there, from who-am-I: a user found at start restores the server cart, a login
 * syncs the visitor's cart into the account, a logout (or another user) clears it (spec §4).
 */
function useCartSession(): void {
  const whoami = useQuery(whoamiQueryOptions());
  const userId = whoami.isSuccess ? (whoami.data.whoami?.user_account_id ?? null) : undefined;
  const previous = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (userId === undefined || previous.current === userId) return;
    const before = previous.current;
    previous.current = userId;
    const dispatch = useAppStore.getState().cartDispatch;
    if (before && userId) dispatch({ type: 'session', loggedIn: false });
    dispatch({ type: 'session', loggedIn: userId !== null });
  }, [userId]);
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
    if (action === 'open-cart' && !cart.expandedOpen && !document.querySelector('dialog[open]')) {
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
