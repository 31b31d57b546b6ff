import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { formatPrice } from '../../lib/display-money.ts';
import { useAccountUser } from './user.layout.tsx';
import { UserEmptySection } from './user-empty-section.tsx';

/** Spec §2 /user/wallet: the credit (referral rewards, in dollars) and, later, its movements and cards. */
export function UserWalletPage() {
  const user = useAccountUser();
  const display = useDisplayCurrency();
  return (
    <>
      <div className="user-area__wallet">
        <span className="user-area__wallet-label">Crédito disponible</span>
        <span className="user-area__wallet-amount">{formatPrice(user.credit, 'USD', display)}</span>
      </div>
      <UserEmptySection title="Mi Billetera" emptyTitle="Todavía no tienes movimientos">
        Gana 5 por cada persona que invites: el crédito aparece aquí y se descuenta de tus compras.
      </UserEmptySection>
    </>
  );
}
