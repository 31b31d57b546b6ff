import { MESSAGES } from '@mandado/shared/messages';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { Link } from 'react-router';
import { CartDetails } from '../../features/cart/cart-details.tsx';
import { useAppStore } from '../../state/app-store.ts';
import { useCartTotals } from '../cart/use-cart-totals.ts';

/** Spec §2 /cart: the cart as a page (the same contents as the expanded cart). */
export function CartPage() {
  const items = useAppStore((state) => state.cart.items);
  const loading = useAppStore((state) => state.cart.loading !== null);
  const storeId = useAppStore((state) => state.storeId);
  const totals = useCartTotals();

  return (
    <div className="container page-section">
      <div className="page-heading">
        <h1 className="page-heading__title">Tu carrito</h1>
      </div>
      {items.length > 0 ? (
        <div className="cart-page">
          <CartDetails totals={totals} />
          <div className="cart-page__actions">
            <Link to={storeId === null ? '/stores' : '/products'} className="button button--secondary">
              Seguir comprando
            </Link>
            <Link to="/checkout" className="button button--primary">
              Pagar
            </Link>
          </div>
        </div>
      ) : loading ? (
        <div className="page-loading">
          <Spinner label="Cargando carrito" />
        </div>
      ) : (
        <EmptyState title={MESSAGES.emptyCartTitle}>
          <p>{MESSAGES.emptyCartMessage}</p>
          <Link to="/stores" className="button button--primary">
            Ver tiendas
          </Link>
        </EmptyState>
      )}
    </div>
  );
}
