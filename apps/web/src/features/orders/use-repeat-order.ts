import { MESSAGES } from '@mandado/shared/messages';
import { useState } from 'react';
import { useAppStore } from '../../state/app-store.ts';
import { useRepeatOrderRequest } from './orders.api.ts';
import {
  takeRepeatedCart,
  type UnavailableProduct,
  unavailableText,
  unavailableTitle,
} from './repeat-order.ts';

/**
 * 'Repetir pedido' (spec §4 Repeat order): the server adds what is still sold to the cart; the cart takes the
 * answer, the products it could not add are told (a notice, and a list that stays on the page), and the
 * cart opens.
 */
export function useRepeatOrder() {
  const request = useRepeatOrderRequest();
  const [unavailable, setUnavailable] = useState<UnavailableProduct[]>([]);

  function repeat(number: string) {
    setUnavailable([]);
    request.mutate(number, {
      onSuccess: (result) => {
        const store = useAppStore.getState();
        takeRepeatedCart(result.cart, store.cartDispatch);
        setUnavailable(result.unavailable);
        if (result.unavailable.length > 0) {
          store.notify({
            kind: 'warn',
            title: unavailableTitle(result.unavailable.length),
            message: unavailableText(result.unavailable),
          });
        } else {
          store.notify({ kind: 'success', title: 'Agregamos los productos del pedido a tu carrito' });
        }
        // Nothing added at all: the list on the page says why; an empty cart would only warn.
        if (useAppStore.getState().cart.items.length > 0) store.cartUiDispatch({ type: 'open-expanded' });
      },
      onError: (error) =>
        useAppStore.getState().notify({ kind: 'error', title: MESSAGES.serverError, message: error.message }),
    });
  }

  return { repeat, isPending: request.isPending, unavailable };
}
