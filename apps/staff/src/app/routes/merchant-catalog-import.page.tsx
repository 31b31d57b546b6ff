import { CatalogImportPage } from '../../features/catalog/catalog-import.page.tsx';
import { useMerchantStore } from '../layouts/merchant.layout.tsx';

/** /comercio/catalogo/importar: the CSV import (owners only). Another store is a fresh page, not its file. */
export function MerchantCatalogImportPage() {
  const store = useMerchantStore();
  return <CatalogImportPage key={store.id} store={store} />;
}
