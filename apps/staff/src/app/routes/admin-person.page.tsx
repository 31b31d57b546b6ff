import { useParams } from 'react-router';
import { AdminPersonScreen } from '../../features/admin-people/admin-person.page.tsx';
import { NotFoundPage } from './not-found.page.tsx';

/** /admin/personas/:userId (issue 19): one account's roles, stores, lock and wallet. */
export function AdminPersonPage() {
  const { userId } = useParams();
  if (!userId || !/^[1-9]\d{0,9}$/.test(userId)) return <NotFoundPage />;
  const id = Number(userId);
  return <AdminPersonScreen key={id} userId={id} />;
}
