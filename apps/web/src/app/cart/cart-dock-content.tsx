import { CartStrip, ViewCartButton } from '../../features/cart/cart-strip.tsx';
import { useCartTotals } from './use-cart-totals.ts';

/** The strip (desktop) and 'VER CARRITO | total' (phones), with the cart's amounts. */
export function CartDockContent() {
  const totals = useCartTotals();
  return (
    <>
      <CartStrip totals={totals} />
      <ViewCartButton totals={totals} />
    </>
  );
}
