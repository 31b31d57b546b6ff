import { useParams } from 'react-router';
import { AdminOrderView } from '../../features/admin-orders/admin-order.page.tsx';

/** /admin/pedidos/:number: one order with its timeline and the operator's actions (issue 19). */
export function AdminOrderPage() {
  const { number = '' } = useParams();
  // A new number is a new page: dialogs and their state do not carry over.
  return <AdminOrderView key={number} number={number} />;
}
