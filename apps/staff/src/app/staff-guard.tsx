import { staffAccess } from '@mandado/shared/staff-routes';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
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
  return children;
}
