import { AdminDashboard } from '../../features/admin-dashboard/dashboard.page.tsx';

/** /admin: the back office's start, its dashboard (issue 19). */
export function AdminHomePage() {
  return <AdminDashboard />;
}
