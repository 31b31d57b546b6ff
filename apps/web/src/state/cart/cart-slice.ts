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
  setCity: (city: City | null) => void;
  setStoreId: (storeId: number | null) => void;
  notify: (notification: { kind: 'warn'; title: string; message: string }) => void;
}

type SetCart = (partial: Partial<CartSlice>) => void;
type GetCart = () => CartSlice & CartHost;

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
      set({ cart: state, cartEffects: [...queue, ...effects.filter(isServerEffect)] });
      for (const effect of effects) {
        if (effect.type === 'select-city') {
          if (current.city?.name !== effect.city.name) current.setCity(effect.city);
        } else if (effect.type === 'select-store') {
          current.setStoreId(effect.storeId);
        } else if (effect.type === 'notify-empty-cart') {
          current.notify({
            kind: 'warn',
            title: MESSAGES.emptyCartTitle,
            message: MESSAGES.emptyCartMessage,
          });
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
    },
    takeCartEffects: () => {
      const effects = get().cartEffects;
      if (effects.length > 0) set({ cartEffects: [] });
      return effects;
    },
  };
}
