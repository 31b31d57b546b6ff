import { useAppStore } from '../../state/app-store.ts';
import { cartUnits } from '../../state/cart/cart-machine.ts';
import { CartIcon } from './cart-icons.tsx';
import { useBadgePulse } from './use-badge-pulse.ts';
import './cart-button.css';

function unitsLabel(units: number): string {
  return units === 1 ? '1 producto' : `${units} productos`;
}

/**
 * Spec §2: the cart button with its item-count badge (top menu, and the bottom bar's "cart with count"). It
 * opens the expanded cart; with an empty cart that shows the warning instead (spec §4 Opening).
 */
export function CartButton({ variant }: { variant: 'header' | 'bar' }) {
  const units = useAppStore((state) => cartUnits(state.cart.items));
  const dispatch = useAppStore((state) => state.cartUiDispatch);
  const pulsing = useBadgePulse(units);
  return (
    <button
      type="button"
      className={`cart-button cart-button--${variant}`}
      onClick={() => dispatch({ type: 'open-expanded' })}
    >
      <span className="cart-button__icon">
        <CartIcon size={variant === 'bar' ? 22 : 24} />
        <span
          className={pulsing ? 'cart-button__badge is-pulsing' : 'cart-button__badge'}
          data-pulsing={pulsing ? 'true' : undefined}
          aria-hidden="true"
        >
          {units}
        </span>
      </span>
      {variant === 'bar' ? (
        <span className="cart-button__text" aria-hidden="true">
          Carrito
        </span>
      ) : null}
      {/* The name in one piece, so the visible word and the count read as "Carrito, 2 productos". */}
      <span className="visually-hidden">Carrito, {unitsLabel(units)}</span>
    </button>
  );
}
