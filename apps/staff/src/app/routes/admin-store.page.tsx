import { useParams } from 'react-router';
import { AdminStoreScreen } from '../../features/admin-stores/admin-store.page.tsx';
import { AdminGoLive } from '../../features/go-live/admin-go-live.tsx';
import { NotFoundPage } from './not-found.page.tsx';

/** /admin/tiendas/:storeId (issue 19): one store, its state, commission and team; pending, its checklist. */
export function AdminStorePage() {
  const { storeId } = useParams();
  const id = Number(storeId);
  if (!storeId || !/^[1-9]\d{0,9}$/.test(storeId)) return <NotFoundPage />;
  return <AdminStoreScreen key={id} storeId={id} goLive={<AdminGoLive storeId={id} />} />;
}
