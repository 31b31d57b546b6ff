import { InboxPage } from '../../features/inbox/inbox.page.tsx';
import { useMerchantStore } from '../layouts/merchant.layout.tsx';

/** /comercio: the chosen store's order inbox. */
export function MerchantHomePage() {
  const store = useMerchantStore();
  return <InboxPage store={store} />;
}
