import { MESSAGES } from '@mandado/shared/messages';

/**
 * What of the cart is open on screen (spec §4 Opening, Expanded cart), kept apart from the synced cart: the
 * machine (`cart-machine.ts`) knows lines, city and sync only. The cart slice calls `followCart` after each
 * change (an add opens the strip, an empty cart closes both); the screens send the events below.
 */
export interface CartUiState {
  stripOpen: boolean;
  expandedOpen: boolean;
}

export type CartUiEvent =
  | { type: 'route-changed'; pathname: string }
  | { type: 'close-strip' }
  | { type: 'open-expanded' }
  | { type: 'close-expanded' };

export const CLOSED_CART_UI: CartUiState = { stripOpen: false, expandedOpen: false };

const CHECKOUT_PATH = '/checkout';

/** The next visibility; `notifyEmpty` when an empty cart was asked to open (spec §8 warning). */
export function cartUiTransition(
  ui: CartUiState,
  event: CartUiEvent,
  itemCount: number,
): { ui: CartUiState; notifyEmpty: boolean } {
  switch (event.type) {
    case 'route-changed': {
      // Spec §4 Opening: the strip opens on every route change with a non-empty cart, except at checkout.
      const onCheckout = event.pathname === CHECKOUT_PATH;
      return {
        ui: { stripOpen: itemCount > 0 && !onCheckout, expandedOpen: onCheckout ? false : ui.expandedOpen },
        notifyEmpty: false,
      };
    }
    case 'close-strip':
      return { ui: { ...ui, stripOpen: false }, notifyEmpty: false };
    case 'open-expanded':
      if (itemCount === 0) return { ui, notifyEmpty: true };
      return { ui: { ...ui, expandedOpen: true }, notifyEmpty: false };
    case 'close-expanded':
      return { ui: { ...ui, expandedOpen: false }, notifyEmpty: false };
  }
}

/** After a cart change: the strip opens when the machine says so; an empty cart closes the strip and the panel. */
export function followCart(ui: CartUiState, itemCount: number, openStrip: boolean): CartUiState {
  if (itemCount === 0) return ui.stripOpen || ui.expandedOpen ? CLOSED_CART_UI : ui;
  return openStrip && !ui.stripOpen ? { ...ui, stripOpen: true } : ui;
}

export interface CartUiSlice {
  cartUi: CartUiState;
  cartUiDispatch: (event: CartUiEvent) => void;
}

/** What the slice needs from the rest of the store. */
interface CartUiHost {
  cart: { items: readonly unknown[] };
  notify: (notification: { kind: 'warn'; title: string; message: string }) => void;
}

export function createCartUiSlice(
  set: (partial: Partial<CartUiSlice>) => void,
  get: () => CartUiSlice & CartUiHost,
): CartUiSlice {
  return {
    cartUi: CLOSED_CART_UI,
    cartUiDispatch: (event) => {
      const current = get();
      const { ui, notifyEmpty } = cartUiTransition(current.cartUi, event, current.cart.items.length);
      if (ui !== current.cartUi) set({ cartUi: ui });
      if (notifyEmpty) {
        current.notify({ kind: 'warn', title: MESSAGES.emptyCartTitle, message: MESSAGES.emptyCartMessage });
      }
    },
  };
}
