import { AdminStoresScreen } from '../../features/admin-stores/admin-stores.page.tsx';

/** /admin/tiendas (issue 19): the stores with their state, and the applications waiting. */
export function AdminStoresPage() {
  return <AdminStoresScreen />;
}
