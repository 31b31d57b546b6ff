import { SalesPage } from '../../features/sales/sales.page.tsx';
import { useMerchantStore } from '../layouts/merchant.layout.tsx';

/** /comercio/ventas: the chosen store's sales (owners only; the page says so to staff). */
export function MerchantSalesPage() {
  return <SalesPage store={useMerchantStore()} />;
}
