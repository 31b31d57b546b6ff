import { AdminPeopleScreen } from '../../features/admin-people/admin-people.page.tsx';

/** /admin/personas (issue 19): accounts searched by e-mail or name. */
export function AdminPeoplePage() {
  return <AdminPeopleScreen />;
}
