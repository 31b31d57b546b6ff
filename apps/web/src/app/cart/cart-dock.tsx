import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { lazy, Suspense } from 'react';
import { useAppStore } from '../../state/app-store.ts';
import { ExpandedCartHost } from './expanded-cart-host.tsx';

// A first visit has an empty cart: the strip and the amounts load with the first product added.
const CartDockContent = lazy(
  lazyWithReload(() =>
    import('./cart-dock-content.tsx').then((module) => ({ default: module.CartDockContent })),
  ),
);

/**
 * The cart parts of a layout: the strip (desktop) or 'VER CARRITO | total' (phones), stuck to the bottom of
 * the viewport in the page flow, and the expanded cart.
 */
export function CartDock() {
  const hasItems = useAppStore((state) => state.cart.items.length > 0);
  return (
    <>
      <div className="cart-dock">
        {hasItems ? (
          <Suspense fallback={null}>
            <CartDockContent />
          </Suspense>
        ) : null}
      </div>
      <ExpandedCartHost />
    </>
  );
}
