import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { Spinner } from '../../components/spinner.tsx';
import { CartSummary } from '../../features/cart/cart-details.tsx';
import { formatDisplayMinor } from '../../features/cart/cart-money.ts';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { whoamiQueryOptions } from '../../lib/whoami-query.ts';
import { useAppStore } from '../../state/app-store.ts';
import { useCartTotals } from '../cart/use-cart-totals.ts';

/** Whether the cart is known: who-am-I answered and a logged-in user's server cart has been loaded. */
function useCartSettled(): boolean {
  const whoami = useQuery(whoamiQueryOptions());
  const cartSettled = useAppStore((state) => state.cart.session !== 'unknown' && state.cart.loading === null);
  return whoami.isError || (whoami.isSuccess && cartSettled);
}

function CheckoutSummary() {
  const totals = useCartTotals();
  const display = useDisplayCurrency();
  return (
    <div className="container page-section checkout">
      <div className="page-heading">
        <h1 className="page-heading__title">Revisar Pedido</h1>
      </div>
      <div className="checkout__stores">
        {totals.stores.map((store) => (
          <section
            key={store.storeId}
            className="checkout-store"
            aria-labelledby={`checkout-store-${store.storeId}`}
          >
            <h2 id={`checkout-store-${store.storeId}`} className="checkout-store__name">
              {store.storeName}
            </h2>
            <ul className="checkout-store__lines">
              {store.items.map((item) => (
                <li key={item.product.id}>
                  <span>
                    {item.product.name} × {item.count}
                  </span>
                </li>
              ))}
            </ul>
            <dl className="cart-summary">
              <div className="cart-summary__row">
                <dt>Subtotal</dt>
                <dd>{formatDisplayMinor(store.subtotal, display)}</dd>
              </div>
              <div className="cart-summary__row">
                <dt>Envío</dt>
                <dd>{store.shipping === 0 ? 'Gratis' : formatDisplayMinor(store.shipping, display)}</dd>
              </div>
            </dl>
          </section>
        ))}
      </div>
      <section className="checkout__total" aria-label="Total del pedido">
        <CartSummary totals={totals} />
      </section>
      <p className="notice">El pago en línea estará disponible muy pronto.</p>
    </div>
  );
}

/** Spec §2 /checkout. The route guard sends a shopper with an empty cart to /. */
export function CheckoutPage() {
  const hasItems = useAppStore((state) => state.cart.items.length > 0);
  const settled = useCartSettled();
  if (hasItems) return <CheckoutSummary />;
  if (!settled) {
    return (
      <div className="container page-section page-loading">
        <Spinner label="Cargando carrito" />
      </div>
    );
  }
  return <Navigate to="/" replace />;
}
