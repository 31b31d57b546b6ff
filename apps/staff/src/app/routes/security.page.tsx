import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import { useLocation } from 'react-router';
import { SecurityPanel } from '../../features/second-factor/security-panel.tsx';
import { StaffHeader } from '../layouts/staff-header.tsx';
import { shopLoginPath } from '../shop-links.ts';

/**
 * /comercio/seguridad (issue 27): any staff member's second factor. Outside the admin door, which sends an
 * operator who needs the factor here; a visitor goes to the shop's login, which brings them back.
 */
export function SecurityPage() {
  const { search } = useLocation();
  return (
    <>
      <StaffHeader area="Seguridad" />
      <main className="staff-main container">
        <SecurityPanel loginHref={shopLoginPath(STAFF_PATHS.security, search)} />
      </main>
    </>
  );
}
