import type { Product } from '@mandado/shared/catalog.schemas';
import { useAppStore } from '../../state/app-store.ts';
import { useCityQuestionStore } from '../../state/city-question-store.ts';

interface AddToCartButtonProps {
  product: Product;
  size?: 'small' | 'large';
}

/**
 * 'Agregar' (spec §4 Add: count 1, synced for a logged-in user). The cart lives in the app store, so the
 * catalog adds without knowing the cart feature. An out-of-stock product cannot be added. A visitor without
 * a city (a shared link with several served cities, issue 30 item 5) is asked it first (AskCityHost), and
 * the add follows the choice.
 */
export function AddToCartButton({ product, size = 'small' }: AddToCartButtonProps) {
  // Only the count is rendered, so it is the only subscription: the city and the actions are read at the tap.
  // A store page has a button per card, and each subscription runs on every store update; the city set after
  // a hydration (decision 086) re-rendered every card when it was one of them.
  const inCart = useAppStore(
    (state) => state.cart.items.find((item) => item.product.id === product.id)?.count ?? 0,
  );
  const outOfStock = product.stock <= 0;
  const label = size === 'large' ? 'Agregar al carrito' : 'Agregar';
  return (
    <button
      type="button"
      className={`button button--primary add-to-cart add-to-cart--${size}`}
      disabled={outOfStock}
      aria-label={
        outOfStock
          ? `${label}: ${product.name} (sin stock)`
          : `${label}: ${product.name}${inCart > 0 ? ` (${inCart} en el carrito)` : ''}`
      }
      onClick={() => {
        const store = useAppStore.getState();
        if (store.city !== null) store.cartDispatch({ type: 'add', product });
        else useCityQuestionStore.getState().ask(product);
      }}
    >
      {label}
      {inCart > 0 ? (
        <span className="add-to-cart__count" aria-hidden="true">
          {inCart}
        </span>
      ) : null}
    </button>
  );
}
