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
  const dispatch = useAppStore((state) => state.cartDispatch);
  const hasCity = useAppStore((state) => state.city !== null);
  const askCity = useCityQuestionStore((state) => state.ask);
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
      onClick={() => (hasCity ? dispatch({ type: 'add', product }) : askCity(product))}
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
