import { emailExists } from '../../features/accounts/accounts.api.ts';
import { useCurrentUser } from '../../features/accounts/use-current-user.ts';
import { ReferralPopup } from '../../features/referral/referral-popup.tsx';
import { usePublicSettings } from '../../hooks/use-public-settings.ts';
import { useAppStore } from '../../state/app-store.ts';

interface ReferralPopupContainerProps {
  email: string;
  onClose: () => void;
}

/**
 * Composes the popup with the accounts feature (spec §4 Referral): a visitor's e-mail is checked, then the
 * login panel opens for a registered one and the register panel for a new one, pre-filled with it.
 */
export function ReferralPopupContainer({ email, onClose }: ReferralPopupContainerProps) {
  const { user } = useCurrentUser();
  const settings = usePublicSettings();
  const setAuthPanel = useAppStore((state) => state.setAuthPanel);
  // who-am-I has answered by the time anyone can open the popup; until then there is nothing to show.
  if (!settings) return null;
  return (
    <ReferralPopup
      // A new e-mail from the footer's box starts the form again.
      key={`${user?.user_account_id ?? 'visitor'}:${email}`}
      user={user}
      figures={settings}
      initialEmail={email}
      origin={window.location.origin}
      onClose={onClose}
      onVisitorEmail={async (typed) => {
        const { exists } = await emailExists(typed);
        onClose();
        setAuthPanel(exists ? 'login' : 'register', typed);
      }}
      onVisitorShare={(typed) => {
        onClose();
        setAuthPanel('register', typed);
      }}
    />
  );
}
