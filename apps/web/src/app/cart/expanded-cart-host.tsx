import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { lazy, Suspense } from 'react';
import { useAppStore } from '../../state/app-store.ts';

// The expanded cart (table, quantity fields, amounts) loads the first time a shopper opens it.
const OpenExpandedCart = lazy(
  lazyWithReload(() =>
    import('./open-expanded-cart.tsx').then((module) => ({ default: module.OpenExpandedCart })),
  ),
);

/** Spec §2/§4: the expanded cart, mounted while it is open (cart-ui-slice.ts decides). */
export function ExpandedCartHost() {
  const open = useAppStore((state) => state.cartUi.expandedOpen && state.cart.items.length > 0);
  if (!open) return null;
  return (
    <Suspense
      fallback={
        <div className="overlay-loading">
          <Spinner label="Cargando carrito" />
        </div>
      }
    >
      <OpenExpandedCart />
    </Suspense>
  );
}
