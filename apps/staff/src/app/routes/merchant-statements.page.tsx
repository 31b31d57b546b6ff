import { StatementsPage } from '../../features/statements/statements.page.tsx';
import { useMerchantStore } from '../layouts/merchant.layout.tsx';

/** /comercio/liquidaciones: the chosen store's weekly statements (owners only; the page says so to staff). */
export function MerchantStatementsPage() {
  return <StatementsPage store={useMerchantStore()} />;
}
