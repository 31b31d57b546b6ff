import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { OrderList } from '../../features/orders/order-list.tsx';
import { ordersQueryOptions } from '../../features/orders/orders.api.ts';
import { PendingSubstitutions } from '../../features/orders/pending-substitutions.tsx';
import { useAccountUser } from './user.layout.tsx';
import { UserEmptySection } from './user-empty-section.tsx';
import { orderDetailPath } from './user-orders.paths.ts';

/** Loaded on its own only where it is offered, so no other page carries the opt-in (decision 073). */
const ShopperPushOptIn = lazy(
  lazyWithReload(() =>
    import('../../features/orders/shopper-push-opt-in.tsx').then((module) => ({
      default: module.ShopperPushOptIn,
    })),
  ),
);

/** Spec §2 /user/orders ('Mis Compras'): the remitter's checkouts, newest first. */
export function UserOrdersPage() {
  const user = useAccountUser();
  const orders = useQuery(ordersQueryOptions(user.user_account_id));
  if (orders.isPending) {
    return (
      <div className="page-loading">
        <Spinner label="Cargando tus compras" />
      </div>
    );
  }
  if (orders.isError) {
    return (
      <section className="user-area__section" aria-labelledby="user-section-title">
        <h2 id="user-section-title" className="user-area__section-title">
          Mis Compras
        </h2>
        <QueryError message={orders.error.message} onRetry={() => void orders.refetch()} />
      </section>
    );
  }
  if (orders.data.length === 0) {
    return (
      <UserEmptySection title="Mis Compras" emptyTitle="Todavía no tienes compras">
        Cuando compres para tu familia, tus pedidos y su estado aparecen aquí.
      </UserEmptySection>
    );
  }
  return (
    <section className="user-area__section" aria-labelledby="user-section-title">
      <h2 id="user-section-title" className="user-area__section-title">
        Mis Compras
      </h2>
      <Suspense fallback={null}>
        <ShopperPushOptIn />
      </Suspense>
      <PendingSubstitutions />
      <OrderList orders={orders.data} detailPath={orderDetailPath} />
    </section>
  );
}
