import { TeamPage } from '../../features/team/team.page.tsx';
import { useMerchantStore } from '../layouts/merchant.layout.tsx';

/** /comercio/equipo: who works in the chosen store and its pending invitations (owners only). */
export function MerchantTeamPage() {
  return <TeamPage store={useMerchantStore()} />;
}
