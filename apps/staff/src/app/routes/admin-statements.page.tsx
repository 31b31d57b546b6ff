import { AdminStatementsScreen } from '../../features/admin-statements/admin-statements.page.tsx';

/** /admin/liquidaciones: each store's weekly statement and the couriers' shipping, paid with a reference (issue 19). */
export function AdminStatementsPage() {
  return <AdminStatementsScreen />;
}
