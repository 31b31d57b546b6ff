import { MESSAGES } from '@mandado/shared/messages';
import { failureMessage } from '@mandado/web-kit/failure-text.ts';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { readJson, STORAGE_KEYS } from '../../lib/storage.ts';
import { applyStoredChoices, useAppStore } from '../../state/app-store.ts';
import { backOff } from '../../state/cart/back-off.ts';
import { isStoredCart } from '../../state/cart/cart-machine.ts';
import { loadVisitorCart } from './visitor-cart-restore.ts';

/**
 * The cart's server effects run by the queue (state/cart/cart-effect-queue.ts) while someone is logged in: a
 * visitor's cart never calls the server (spec §4), so the queue's code is fetched with the first user
 * session and stays out of a visitor's first load. Effects queued before it starts are drained when it does.
 */
function useEffectQueue(): void {
  const queryClient = useQueryClient();
  const userSession = useAppStore((state) => state.cart.session === 'user');
  useEffect(() => {
    if (!userSession) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('../../state/cart/cart-effect-queue.ts').then(({ startCartEffectQueue }) => {
      if (cancelled) return;
      stop = startCartEffectQueue({
        store: useAppStore,
        onSessionEnded: () => void queryClient.invalidateQueries({ queryKey: whoamiQueryOptions().queryKey }),
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient, userSession]);
}

/**
 * Tells the cart who is there, from who-am-I: a user found at start restores the server cart, a login
 * syncs the visitor's cart into the account, a logout (or another user) clears it (spec §4). A failed
 * who-am-I leaves the session unknown (the cart is kept on screen, not sent): it is asked again with a
 * back-off, and a shopper with items is told the connection failed.
 */
function useCartSession(): void {
  const queryClient = useQueryClient();
  const whoami = useQuery(whoamiQueryOptions());
  const userId = whoami.isSuccess ? (whoami.data.whoami?.user_account_id ?? null) : undefined;
  const previous = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (userId === undefined || previous.current === userId) return;
    previous.current = userId;
    const saved = userId === null ? null : readJson(STORAGE_KEYS.cart, isStoredCart);
    useAppStore.getState().cartDispatch({ type: 'session', userId, saved });
    if (userId !== null) return;
    // Decision 032: a visitor gets back the cart saved in this browser, checked against today's catalog. Not
    // cancelled by a login meanwhile: the machine then adds the lines to the account's cart.
    // The stored city is put in after a hydration, a task or two after who-am-I is asked (decision 086): a
    // quicker answer must not check the saved cart against no city.
    applyStoredChoices();
    void loadVisitorCart(queryClient, useAppStore.getState().city?.id ?? null).then((checked) => {
      const store = useAppStore.getState();
      store.cartDispatch({ type: 'visitor-restored', items: checked.items });
      if (checked.changed) store.notify({ kind: 'warn', title: MESSAGES.visitorCartChanged });
    });
  }, [userId, queryClient]);

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
    useAppStore.getState().cartUiDispatch({ type: 'route-changed', pathname });
  }, [pathname]);
}

/** The cart's link to the server and the router, mounted once at the root of the app. */
export function CartSyncHost() {
  useEffectQueue();
  useCartSession();
  useRouteEvents();
  return null;
}
