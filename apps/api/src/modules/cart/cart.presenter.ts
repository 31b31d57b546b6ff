import type { Cart } from '@mandado/shared/cart.schemas';
import { formatMinorAsDecimal } from '@mandado/shared/money';
import type { ShippingQuote } from '@mandado/shared/shipping';
import { presentProduct } from '../catalog/product.presenter.ts';
import type { CartCityRow, CartLineRow } from './cart.repository.ts';

/** The API's cart (spec §3, §7): each line's product in the catalog's shape, amounts as USD decimals. */
export function presentCart(input: {
  city: CartCityRow | undefined;
  lines: readonly CartLineRow[];
  quote: ShippingQuote | null;
}): Cart {
  const { city, lines, quote } = input;
  return {
    city: city ? { id: city.id, name: city.name, state: city.state, state_id: city.stateId } : null,
    products: lines.map((line) => ({ quantity: line.quantity, product: presentProduct(line) })),
    stores:
      quote?.stores.map((store) => ({
        store_id: store.storeId,
        subtotal: formatMinorAsDecimal(store.subtotalUsd),
        shipping: formatMinorAsDecimal(store.feeUsd),
      })) ?? [],
    subtotal: quote ? formatMinorAsDecimal(quote.subtotalUsd) : null,
    shipping: quote ? formatMinorAsDecimal(quote.shippingUsd) : null,
    free_shipping: quote?.freeShipping ?? false,
  };
}
