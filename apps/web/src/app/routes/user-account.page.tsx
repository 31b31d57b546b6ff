import { AccountDetails } from '../../features/accounts/account-details.tsx';
import { useAccountUser } from './user.layout.tsx';

/** Spec §2 /user: the account page (view and edit the remitter's details). */
export function UserAccountPage() {
  const user = useAccountUser();
  return <AccountDetails user={user} />;
}
