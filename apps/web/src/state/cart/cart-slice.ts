import { CART_MAX_QUANTITY } from '@mandado/shared/cart-rules';
import type { City } from '@mandado/shared/catalog.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { removeItem, STORAGE_KEYS, writeJson } from '../../lib/storage.ts';
import {
  type CartEvent,
  type CartServerEffect,
  type CartState,
  cartToStore,
  cartTransition,
  INITIAL_CART_STATE,
  isServerEffect,
} from './cart-machine.ts';
import { type CartUiState, followCart } from './cart-ui-slice.ts';
import { visitorCartToStore } from './visitor-cart.ts';

/** The account's cart has everything a visitor's copy held: the sync's load answered (decision 032). */
function visitorCartMerged(state: CartState): boolean {
  return (
    state.session === 'user' && state.loading === null && (state.retry === null || state.retry === 'replace')
  );
}

/** The cart part of the app store: the machine's state and the server effects waiting for the sync host. */
export interface CartSlice {
  cart: CartState;
  cartEffects: CartServerEffect[];
  cartDispatch: (event: CartEvent) => void;
  /** Hands the waiting server effects to the sync host (and forgets them). */
  takeCartEffects: () => CartServerEffect[];
}

/** What the slice needs from the rest of the store. */
interface CartHost {
  city: City | null;
  /** The cart's visibility (cart-ui-slice.ts): it follows the cart's changes. */
  cartUi: CartUiState;
  /** The notifications on screen: a notice already shown is not stacked again while the shopper types. */
  isNotificationShown: (title: string) => boolean;
  setCity: (city: City | null) => void;
  setStoreId: (storeId: number | null) => void;
  notify: (notification: { kind: 'warn'; title: string }) => void;
}

type SetCart = (partial: Partial<CartSlice> & { cartUi?: CartUiState }) => void;
type GetCart = () => CartSlice & CartHost;

function quantityCapText(effect: {
  productName: string;
  count: number;
  cappedBy: 'stock' | 'limit';
}): string {
  return effect.cappedBy === 'stock'
    ? MESSAGES.cartStockLeft(effect.count, effect.productName)
    : MESSAGES.cartQuantityLimit(CART_MAX_QUANTITY, effect.productName);
}

export function createCartSlice(set: SetCart, get: GetCart): CartSlice {
  return {
    cart: INITIAL_CART_STATE,
    cartEffects: [],
    cartDispatch: (event) => {
      const current = get();
      const previous = current.cart;
      const { state, effects } = cartTransition(previous, event, { appCity: current.city });
      // A new session (logout, login, another account) owns none of the writes still queued; a lost write
      // makes the queued ones stale (the whole cart is sent again), except the loads.
      const sessionChanged = state.session !== previous.session || state.userId !== previous.userId;
      let queue = sessionChanged ? [] : current.cartEffects;
      if (effects.some((effect) => effect.type === 'drop-queued-writes')) {
        queue = queue.filter((effect) => effect.type === 'load');
      }
      const openStrip = effects.some((effect) => effect.type === 'open-strip');
      const cartUi = followCart(current.cartUi, state.items.length, openStrip);
      set({
        cart: state,
        cartEffects: [...queue, ...effects.filter(isServerEffect)],
        ...(cartUi !== current.cartUi ? { cartUi } : {}),
      });
      for (const effect of effects) {
        if (effect.type === 'select-city') {
          if (current.city?.id !== effect.city.id) current.setCity(effect.city);
        } else if (effect.type === 'select-store') {
          current.setStoreId(effect.storeId);
        } else if (effect.type === 'notify-quantity-cap') {
          const title = quantityCapText(effect);
          if (!get().isNotificationShown(title)) current.notify({ kind: 'warn', title });
        }
      }
      // Spec §4 Saving: copied to local storage on change, only when logged in (from the login on: a visitor's
      // cart that wins the login sync is the user's now).
      if (previous.session === 'user' && state.session !== 'user') removeItem(STORAGE_KEYS.cart);
      const stored = cartToStore(state);
      if (
        stored &&
        (sessionChanged || state.items !== previous.items || state.loading !== previous.loading)
      ) {
        writeJson(STORAGE_KEYS.cart, stored);
      }
      // Decision 032: a visitor's cart is kept in the browser (written once the saved one was read back, so an
      // early add cannot overwrite it), and forgotten once a login has merged it into the account's cart.
      const visitorCopy = visitorCartToStore(state, current.city?.id ?? null);
      if (
        visitorCopy &&
        (state.items !== previous.items || state.visitorCopy !== previous.visitorCopy || sessionChanged)
      ) {
        writeJson(STORAGE_KEYS.visitorCart, visitorCopy.items.length > 0 ? visitorCopy : null);
      }
      if (visitorCartMerged(state) && !visitorCartMerged(previous)) removeItem(STORAGE_KEYS.visitorCart);
    },
    takeCartEffects: () => {
      const effects = get().cartEffects;
      if (effects.length > 0) set({ cartEffects: [] });
      return effects;
    },
  };
}
