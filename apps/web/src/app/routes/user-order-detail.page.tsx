import { WEB_PATHS } from '@mandado/shared/web-routes';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { OrderDetail } from '../../features/orders/order-detail.tsx';
import { orderQueryOptions } from '../../features/orders/orders.api.ts';
import { PendingSubstitutions } from '../../features/orders/pending-substitutions.tsx';
import { ReturnsSection } from '../../features/returns/returns-section.tsx';
import { useAccountUser } from './user.layout.tsx';

function BackToOrders() {
  return (
    <p>
      <Link to={WEB_PATHS.userOrders} className="order-back-link">
        ← Mis Compras
      </Link>
    </p>
  );
}

/** /user/orders/:number: one checkout of the remitter (another user's answers 404, shown as not found). */
export function UserOrderDetailPage() {
  const user = useAccountUser();
  const { number = '' } = useParams();
  const order = useQuery(orderQueryOptions(user.user_account_id, number));
  let content: ReactNode;
  if (order.isPending) {
    content = (
      <div className="page-loading">
        <Spinner label="Cargando el pedido" />
      </div>
    );
  } else if (order.isError) {
    content =
      order.error instanceof ApiError && order.error.status === 404 ? (
        <EmptyState title="No encontramos ese pedido">
          <p>Revisa el número o búscalo en tus compras.</p>
        </EmptyState>
      ) : (
        <QueryError message={order.error.message} onRetry={() => void order.refetch()} />
      );
  } else {
    // Open substitution questions first (decision 073); then the order; then its returns (issue 32).
    content = (
      <>
        <PendingSubstitutions storeOrderNumbers={order.data.stores.map((store) => store.number)} />
        <OrderDetail order={order.data} />
        <ReturnsSection scope={{ kind: 'remitter', userId: user.user_account_id, orderNumber: number }} />
      </>
    );
  }
  return (
    <section className="user-area__section" aria-label={`Pedido ${number}`}>
      <BackToOrders />
      {content}
    </section>
  );
}
