import { Outlet } from 'react-router';
import { StaffGuard } from '../staff-guard.tsx';
import { StaffHeader } from './staff-header.tsx';

/** /admin/*: the operators' back office (issue 17). */
export function AdminLayout() {
  return (
    <StaffGuard area="admin">
      <StaffHeader area="Administración" />
      <main className="staff-main container">
        <Outlet />
      </main>
    </StaffGuard>
  );
}
