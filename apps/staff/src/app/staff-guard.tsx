import { SECOND_FACTOR_GROUPS } from '@mandado/shared/second-factor.schemas';
import { STAFF_PATHS, staffAccess } from '@mandado/shared/staff-routes';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { secondFactorStatusQueryOptions } from '../features/second-factor/second-factor.api.ts';
import { PageLoading } from './app-root.tsx';
import { NoAccessPage } from './routes/no-access.page.tsx';
import { shopLoginPath } from './shop-links.ts';

interface StaffGuardProps {
  area: 'merchant' | 'admin';
  children: ReactNode;
}

/**
 * The door of a staff area: the same accounts and session cookie as the shop. A visitor goes to the shop's
 * login page, which brings them back here; a logged-in person without access sees the no-access page.
 */
export function StaffGuard({ area, children }: StaffGuardProps) {
  const whoami = useQuery(whoamiQueryOptions());
  const { pathname, search } = useLocation();
  const isVisitor = whoami.isSuccess && whoami.data.whoami === null;

  useEffect(() => {
    if (isVisitor) window.location.replace(shopLoginPath(pathname, search));
  }, [isVisitor, pathname, search]);

  if (whoami.isError) {
    return (
      <main className="container page-section">
        <QueryError message={whoami.error.message} onRetry={() => void whoami.refetch()} />
      </main>
    );
  }
  const user = whoami.data?.whoami;
  if (!user) return <PageLoading />;
  if (!staffAccess(user)[area]) return <NoAccessPage />;
  if (area === 'admin' && user.operator_group && SECOND_FACTOR_GROUPS.includes(user.operator_group)) {
    return <SecondFactorDoor>{children}</SecondFactorDoor>;
  }
  return children;
}

/**
 * Operators of administración and pagos on a published site need a second factor before the back office
 * (issue 27; the API refuses its routes until then): sent to turn it on, then brought back.
 */
function SecondFactorDoor({ children }: { children: ReactNode }) {
  const status = useQuery(secondFactorStatusQueryOptions());
  const { pathname, search } = useLocation();
  const missing = status.data?.required === true && !status.data.enabled;
  useEffect(() => {
    if (!missing) return;
    const next = new URLSearchParams({ next: `${pathname}${search}` }).toString();
    window.location.replace(`${STAFF_PATHS.security}?${next}`);
  }, [missing, pathname, search]);
  if (status.isPending || missing) return <PageLoading />;
  return children;
}
