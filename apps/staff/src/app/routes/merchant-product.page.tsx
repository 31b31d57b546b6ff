import { useParams } from 'react-router';
import { EditProductPage, NewProductPage } from '../../features/catalog/product-form.page.tsx';
import { useMerchantStore } from '../layouts/merchant.layout.tsx';

/** /comercio/catalogo/nuevo */
export function MerchantNewProductPage() {
  return <NewProductPage store={useMerchantStore()} />;
}

/** /comercio/catalogo/:productId */
export function MerchantEditProductPage() {
  const { productId = '' } = useParams();
  return <EditProductPage store={useMerchantStore()} productId={productId} />;
}
