import { AccountDetails } from '../../features/accounts/account-details.tsx';
import { DeleteAccount } from '../../features/accounts/delete-account.tsx';
import { MyDataDownload } from '../../features/accounts/my-data-download.tsx';
import { PasswordChangeForm } from '../../features/accounts/password-change-form.tsx';
import { SavedCards } from '../../features/accounts/saved-cards.tsx';
import { useAccountUser } from './user.layout.tsx';

/**
 * Spec §2 /user: the account page (view and edit the remitter's details); issue 16 adds the password change
 * and the saved cards.
 */
export function UserAccountPage() {
  const user = useAccountUser();
  return (
    <div className="account-sections">
      <AccountDetails user={user} />
      <PasswordChangeForm />
      <SavedCards />
      <MyDataDownload />
      <DeleteAccount />
    </div>
  );
}
