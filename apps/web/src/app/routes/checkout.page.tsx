import type { OrderGroup } from '@mandado/shared/checkout.schemas';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../../features/accounts/use-current-user.ts';
import { useAppStore } from '../../state/app-store.ts';
import { CheckoutFlow } from '../checkout/checkout-flow.tsx';

/** Whether the cart is known: who-am-I answered and a logged-in user's server cart has been loaded. */
function useCartSettled(): boolean {
  const whoami = useQuery(whoamiQueryOptions());
  const cartSettled = useAppStore((state) => state.cart.session !== 'unknown' && state.cart.loading === null);
  return whoami.isError || (whoami.isSuccess && cartSettled);
}

function confirmationPath(number: string): string {
  return `/checkout/confirmacion/${encodeURIComponent(number)}`;
}

function Loading({ label }: { label: string }) {
  return (
    <div className="container page-section page-loading">
      <Spinner label={label} />
    </div>
  );
}

/** Spec §2 /checkout. The route guard sends a shopper with an empty cart to /. */
export function CheckoutPage() {
  const hasItems = useAppStore((state) => state.cart.items.length > 0);
  const settled = useCartSettled();
  const { user } = useCurrentUser();
  // Once placed, the cart empties: the guard must not send the shopper to / instead of the confirmation.
  const [placed, setPlaced] = useState<string | null>(null);
  if (placed) return <Navigate to={confirmationPath(placed)} replace />;
  if (hasItems) return <CheckoutFlow user={user} onPlaced={(order: OrderGroup) => setPlaced(order.number)} />;
  if (!settled) return <Loading label="Cargando carrito" />;
  return <Navigate to="/" replace />;
}
