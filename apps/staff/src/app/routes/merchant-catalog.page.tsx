import { CatalogPage } from '../../features/catalog/catalog.page.tsx';
import { useMerchantStore } from '../layouts/merchant.layout.tsx';

/** /comercio/catalogo: the chosen store's products (owners only; the page says so to a staff member). */
export function MerchantCatalogPage() {
  return <CatalogPage store={useMerchantStore()} />;
}
