import { AdminReturnsPage as AdminReturnsList } from '../../features/returns/admin-returns.page.tsx';

/** /admin/devoluciones: every store's returns, filtered through the query string (issue 32). */
export function AdminReturnsPage() {
  return <AdminReturnsList />;
}
