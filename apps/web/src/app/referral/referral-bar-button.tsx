import { useCurrentUser } from '../../features/accounts/use-current-user.ts';
import { creditText, hasCredit } from '../../features/referral/credit-text.ts';
import { GiftIcon } from '../../features/referral/referral-icons.tsx';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { useAppStore } from '../../state/app-store.ts';

/**
 * Spec §2 Mobile: the bar's credit/referral button. It shows the credit when it is not 0 and a gift with
 * 'Invita' otherwise; either way it opens the referral popup.
 */
export function ReferralBarButton() {
  const { user } = useCurrentUser();
  const display = useDisplayCurrency();
  const openReferral = useAppStore((state) => state.openReferral);
  const credit = user && hasCredit(user.credit) ? creditText(user.credit, display) : null;
  return (
    <button
      type="button"
      className="bottom-bar__item bottom-bar__referral"
      aria-haspopup="dialog"
      onClick={() => openReferral()}
    >
      <GiftIcon />
      {credit ? (
        <span>
          <span className="visually-hidden">Crédito: </span>
          {credit}
          <span className="visually-hidden">. Invita y gana</span>
        </span>
      ) : (
        <span>
          Invita<span className="visually-hidden"> y gana</span>
        </span>
      )}
    </button>
  );
}
