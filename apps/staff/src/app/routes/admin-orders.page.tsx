import { AdminOrderList } from '../../features/admin-orders/admin-orders.page.tsx';

/** /admin/pedidos: every order, filtered through the query string (issue 19). */
export function AdminOrdersPage() {
  return <AdminOrderList />;
}
