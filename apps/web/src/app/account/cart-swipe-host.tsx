import { useCallback } from 'react';
import { useAppStore } from '../../state/app-store.ts';
import type { SwipeAction } from './swipe-gesture.ts';
import { useSwipeGestures } from './use-swipe-gestures.ts';

/**
 * Spec §2: on phones a logged-in user swipes up from the bottom edge to open the expanded cart, and down to
 * close it. Kept out of the cart sync host, which is only the cart's link to the server and the router.
 */
export function CartSwipeHost() {
  const loggedIn = useAppStore((state) => state.cart.session === 'user');
  const onSwipe = useCallback((action: SwipeAction) => {
    const { cart, cartUi, cartUiDispatch } = useAppStore.getState();
    // An empty cart is not opened by a swipe (its button still warns, spec §8): an upward drag from the
    // bottom edge is often just scrolling.
    if (
      action === 'open-cart' &&
      cart.items.length > 0 &&
      !cartUi.expandedOpen &&
      !document.querySelector('dialog[open]')
    ) {
      cartUiDispatch({ type: 'open-expanded' });
    } else if (action === 'close-cart' && cartUi.expandedOpen) {
      cartUiDispatch({ type: 'close-expanded' });
    }
  }, []);
  useSwipeGestures(loggedIn, onSwipe);
  return null;
}
