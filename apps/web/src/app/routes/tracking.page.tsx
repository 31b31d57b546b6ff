import { ApiError } from '@mandado/web-kit/api-client.ts';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { trackingQueryOptions } from '../../features/orders/orders.api.ts';
import { TrackingView } from '../../features/orders/tracking-view.tsx';
import { ReturnsSection } from '../../features/returns/returns-section.tsx';
import { BasicHeader } from '../layouts/basic.layout.tsx';

/**
 * /seguimiento/:token, the family member's page: no account, no city needed (no guard on this route), no
 * prices. It sits in the empty layout with only the slim header: the shop's menus, cart and footer (which
 * quotes the free-shipping amount) mean nothing to the recipient. The token is the only key, so search
 * engines must not keep the page and the address must not leak to other sites through the Referer header.
 */
export function TrackingPage() {
  const { token = '' } = useParams();
  const tracking = useQuery({ ...trackingQueryOptions(token), retry: false });
  let content: ReactNode;
  if (tracking.isPending) {
    content = (
      <div className="page-loading">
        <Spinner label="Cargando el seguimiento" />
      </div>
    );
  } else if (tracking.isError) {
    content =
      tracking.error instanceof ApiError && tracking.error.status === 404 ? (
        <EmptyState title="Este enlace de seguimiento no es válido">
          <p>Pide a quien te envió la compra que te comparta el enlace otra vez.</p>
        </EmptyState>
      ) : (
        <QueryError message={tracking.error.message} onRetry={() => void tracking.refetch()} />
      );
  } else {
    // Issue 32: the family can ask for a return from the link too, without an account.
    content = (
      <>
        <TrackingView tracking={tracking.data} token={token} />
        <ReturnsSection scope={{ kind: 'family', token }} />
      </>
    );
  }
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <BasicHeader />
      <div className="container page-section">{content}</div>
    </>
  );
}
