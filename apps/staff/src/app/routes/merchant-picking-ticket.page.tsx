import { useParams } from 'react-router';
import { PickingTicketPage } from '../../features/inbox/picking-ticket.page.tsx';
import { useMerchantStore } from '../layouts/merchant.layout.tsx';

/** /comercio/pedidos/:number/ticket: a store order's printable picking ticket (issue 31). */
export function MerchantPickingTicketPage() {
  const { number = '' } = useParams();
  return <PickingTicketPage store={useMerchantStore()} number={number} />;
}
