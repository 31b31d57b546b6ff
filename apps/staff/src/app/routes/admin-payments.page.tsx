import { AdminPaymentsScreen } from '../../features/admin-payments/admin-payments.page.tsx';

/** /admin/pagos: the transfer queue, bank-statement import and the payments audit (issue 19). */
export function AdminPaymentsPage() {
  return <AdminPaymentsScreen />;
}
