import { GoLiveSection } from '../../features/go-live/go-live-section.tsx';
import { PayoutAccountSection } from '../../features/go-live/payout-account-section.tsx';
import { StoreAvailabilityPage } from '../../features/store-availability/store-availability.page.tsx';
import { useMerchantStore } from '../layouts/merchant.layout.tsx';

/**
 * /comercio/tienda: the chosen store's pause and scheduled closure, profile and hours, with the go-live
 * checklist above while it is not published and its payout account below (issue 31). Owners only; the page
 * says so to staff.
 */
export function MerchantStorePage() {
  const store = useMerchantStore();
  return (
    <StoreAvailabilityPage
      store={store}
      before={<GoLiveSection store={store} />}
      after={<PayoutAccountSection storeId={store.id} />}
    />
  );
}
