import { StoreAvailabilityPage } from '../../features/store-availability/store-availability.page.tsx';
import { useMerchantStore } from '../layouts/merchant.layout.tsx';

/** /comercio/tienda: the chosen store's pause and scheduled closure (owners only; the page says so to staff). */
export function MerchantStorePage() {
  return <StoreAvailabilityPage store={useMerchantStore()} />;
}
