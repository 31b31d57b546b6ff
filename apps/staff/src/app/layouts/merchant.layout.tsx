import type { MerchantStore } from '@mandado/shared/staff.schemas';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useOutletContext } from 'react-router';
import { StorePicker, StoreSwitch } from '../../features/stores/store-picker.tsx';
import { merchantStoresQueryOptions } from '../../features/stores/stores.api.ts';
import { currentStore, useStoreChoice } from '../../state/store-choice.ts';
import { PageLoading } from '../app-root.tsx';
import { StaffGuard } from '../staff-guard.tsx';
import { MerchantNav } from './merchant-nav.tsx';
import { StaffHeader } from './staff-header.tsx';

/** What the store area's pages get from the layout: the store the member works in now. */
export interface MerchantContext {
  store: MerchantStore;
}

/** The store of the store area's page (for pages under MerchantLayout only). */
export function useMerchantStore(): MerchantStore {
  return useOutletContext<MerchantContext>().store;
}

function MerchantArea() {
  const stores = useQuery(merchantStoresQueryOptions());
  const chosenId = useStoreChoice((state) => state.storeId);
  const chooseStore = useStoreChoice((state) => state.chooseStore);

  if (stores.isPending) return <PageLoading />;
  if (stores.isError) {
    return (
      <main className="container page-section">
        <QueryError message={stores.error.message} onRetry={() => void stores.refetch()} />
      </main>
    );
  }
  const store = currentStore(stores.data, chosenId);
  return (
    <>
      <StaffHeader area="Mi comercio">
        {store ? <StoreSwitch stores={stores.data} current={store} onChoose={chooseStore} /> : null}
      </StaffHeader>
      {store ? <MerchantNav store={store} /> : null}
      <main className="staff-main container">
        {store ? (
          <Outlet context={{ store } satisfies MerchantContext} />
        ) : (
          <StorePicker stores={stores.data} onChoose={chooseStore} />
        )}
      </main>
    </>
  );
}

/** /comercio/*: the store members' area (issue 17). */
export function MerchantLayout() {
  return (
    <StaffGuard area="merchant">
      <MerchantArea />
    </StaffGuard>
  );
}
