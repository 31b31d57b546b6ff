import { Outlet } from 'react-router';
import { StaffGuard } from '../staff-guard.tsx';
import { AdminNav } from './admin-nav.tsx';
import { StaffHeader } from './staff-header.tsx';

/** /admin/*: the operators' back office (issues 17 and 19). */
export function AdminLayout() {
  return (
    <StaffGuard area="admin">
      <StaffHeader area="Administración" />
      <AdminNav />
      <main className="staff-main container">
        <Outlet />
      </main>
    </StaffGuard>
  );
}
