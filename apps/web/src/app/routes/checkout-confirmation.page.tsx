import { ApiError } from '@mandado/web-kit/api-client.ts';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { confirmOrder, orderQueryOptions } from '../../features/checkout/checkout.api.ts';
import { OrderConfirmation } from '../../features/checkout/order-confirmation.tsx';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { useAppStore } from '../../state/app-store.ts';
import { useCheckoutStore } from '../../state/checkout-store.ts';

/** Loaded on its own only where it is offered, so no other page carries the opt-in (decision 073). */
const ShopperPushOptIn = lazy(
  lazyWithReload(() =>
    import('../../features/orders/shopper-push-opt-in.tsx').then((module) => ({
      default: module.ShopperPushOptIn,
    })),
  ),
);

/**
 * Back from PayPal (`?paypal=approved|cancelled`, the return addresses the server gave PayPal): an approval is
 * captured and finalized by the server's confirm; a cancel or a refused capture goes back to 'Pago'.
 */
function usePayPalReturn(number: string): boolean {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const outcome = params.get('paypal');
  const [busy, setBusy] = useState(outcome !== null);
  const started = useRef(false);
  useEffect(() => {
    if (outcome === null || started.current) return;
    started.current = true;
    const backToPayment = (message: string) => {
      const checkout = useCheckoutStore.getState();
      checkout.endCheckoutAttempt();
      checkout.updateCheckout({ step: 2 });
      useAppStore.getState().notify({ kind: 'error', title: 'Pago no completado', message });
      navigate('/checkout', { replace: true });
    };
    if (outcome !== 'approved') {
      backToPayment('Cancelaste el pago en PayPal. Puedes elegir otro medio de pago.');
      return;
    }
    confirmOrder(number).then(
      (result) => {
        const state = useAppStore.getState();
        queryClient.setQueryData(['orders', number], result.order);
        state.cartDispatch({ type: 'empty' });
        useCheckoutStore.getState().resetCheckout();
        setBusy(false);
        navigate(`/checkout/confirmacion/${encodeURIComponent(number)}`, { replace: true });
      },
      (error: unknown) =>
        backToPayment(error instanceof ApiError ? error.message : 'No pudimos confirmar el pago con PayPal.'),
    );
  }, [outcome, number, navigate, queryClient]);
  return busy;
}

/** /checkout/confirmacion/:number: the order just placed (the owner's only; anyone else gets a 404). */
export function CheckoutConfirmationPage() {
  const { number = '' } = useParams();
  const confirmingPayPal = usePayPalReturn(number);
  const display = useDisplayCurrency();
  const order = useQuery({
    ...orderQueryOptions(number),
    enabled: !confirmingPayPal,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  if (confirmingPayPal) {
    return (
      <div className="container page-section page-loading">
        <Spinner label="Confirmando el pago con PayPal" />
      </div>
    );
  }
  return (
    <div className="container page-section checkout">
      {order.isPending ? <Spinner label="Cargando pedido" /> : null}
      {order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 401) ? (
        <EmptyState title="No encontramos ese pedido">
          <p>Inicia sesión con la cuenta que hizo la compra para verlo.</p>
          <p>
            <Link to="/user/orders" className="button button--primary button--small">
              Mis Compras
            </Link>
          </p>
        </EmptyState>
      ) : order.error ? (
        <QueryError message={order.error.message} onRetry={() => void order.refetch()} />
      ) : null}
      {order.data ? <OrderConfirmation order={order.data} display={display} /> : null}
      {/* After paying, the moment a store may need an answer: the quiet opt-in (decision 073). */}
      {order.data?.payment_status === 'paid' ? (
        <Suspense fallback={null}>
          <ShopperPushOptIn />
        </Suspense>
      ) : null}
      {order.data ? (
        <p className="order-confirmation__next">
          <Link to="/user/orders" className="button button--secondary">
            Ver Mis Compras
          </Link>{' '}
          <Link to="/stores" className="button button--ghost">
            Seguir comprando
          </Link>
        </p>
      ) : null}
    </div>
  );
}
