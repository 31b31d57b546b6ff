import type { Cart } from '@mandado/shared/cart.schemas';
import type { CartEvent } from '../../state/cart/cart-machine.ts';

export interface UnavailableProduct {
  name: string;
  reason: string;
}

/**
 * Spec §4 Repeat order, after `POST /orders/:number/repeat/` answered the whole server cart: the cart
 * machine's own events take it in. 'repeat-order' with no lines of its own starts the machine's restore load
 * (the products are already on the server, adding them here would count them twice); the answer is that
 * load's result, so the restore selects the order's city and store and opens the strip at once. The GET the
 * load queued still runs and is ignored by the machine (no load is pending by then).
 */
export function takeRepeatedCart(cart: Cart, cartDispatch: (event: CartEvent) => void): void {
  cartDispatch({ type: 'repeat-order', lines: [] });
  cartDispatch({ type: 'server-loaded', cart });
}

/** "Yerba (ya no se vende), Leche (sin stock)" for the notice; the page lists them one per line too. */
export function unavailableText(products: readonly UnavailableProduct[]): string {
  return products
    .map((product) => (product.reason.trim() ? `${product.name} (${product.reason.trim()})` : product.name))
    .join(', ');
}

/** The title of the notice about what could not be added. */
export function unavailableTitle(count: number): string {
  return count === 1
    ? '1 producto del pedido no se pudo agregar'
    : `${count} productos del pedido no se pudieron agregar`;
}
