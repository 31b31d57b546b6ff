import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { walletQueryOptions } from '../../features/wallet/wallet.api.ts';
import { WalletView } from '../../features/wallet/wallet-view.tsx';
import { useAppStore } from '../../state/app-store.ts';
import { homePath } from '../account/next-path.ts';
import { useAccountUser } from './user.layout.tsx';
import { orderDetailPath } from './user-orders.paths.ts';

/** Spec §2 /user/wallet ('Mi Billetera'): the credit (referral rewards, refunds; dollars) and its movements. */
export function UserWalletPage() {
  const user = useAccountUser();
  const hasCity = useAppStore((state) => state.city !== null);
  const wallet = useQuery(walletQueryOptions(user.user_account_id));
  return (
    <section className="user-area__section" aria-labelledby="user-section-title">
      <h2 id="user-section-title" className="user-area__section-title">
        Mi Billetera
      </h2>
      {wallet.isPending ? (
        <div className="page-loading">
          <Spinner label="Cargando tu billetera" />
        </div>
      ) : wallet.isError ? (
        <QueryError message={wallet.error.message} onRetry={() => void wallet.refetch()} />
      ) : (
        <WalletView wallet={wallet.data} orderPath={orderDetailPath} shopPath={homePath(hasCity)} />
      )}
    </section>
  );
}
