import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import { useParams } from 'react-router';
import { InvitationPage } from '../../features/team/invitation.page.tsx';
import { StaffHeader } from '../layouts/staff-header.tsx';
import { SHOP_HOME, shopLoginPath, shopRegisterPath } from '../shop-links.ts';

/**
 * /comercio/invitacion/:token: outside the store area's door on purpose (its guard admits members only, and
 * the person opening this link is not one yet), with the area's header for a familiar frame.
 */
export function MerchantInvitationPage() {
  const { token = '' } = useParams();
  const here = STAFF_PATHS.merchantInvitation.replace(':token', encodeURIComponent(token));
  return (
    <>
      <StaffHeader area="Mi comercio" />
      <main className="staff-main container">
        <InvitationPage
          token={token}
          loginHref={shopLoginPath(here)}
          registerHref={shopRegisterPath(here)}
          shopHref={SHOP_HOME}
        />
      </main>
    </>
  );
}
