import { StoreReturnsPage } from '../../features/returns/store-returns.page.tsx';
import { useMerchantStore } from '../layouts/merchant.layout.tsx';

/** /comercio/devoluciones: the chosen store's returns (issue 32). */
export function MerchantReturnsPage() {
  return <StoreReturnsPage store={useMerchantStore()} />;
}
