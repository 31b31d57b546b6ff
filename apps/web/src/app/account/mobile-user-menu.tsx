import type { StaffWho } from '@mandado/shared/staff-routes';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { Link } from 'react-router';
import { creditText } from '../../features/referral/credit-text.ts';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { useAppStore } from '../../state/app-store.ts';
import { ACCOUNT_LINKS, staffLinksFor } from './account-links.ts';
import './account.css';

/**
 * Spec §2 Mobile: the desktop entries, plus logout. The spec says 'Mis Beneficiarios' here, but one page with
 * two names reads as two pages: both menus say 'Mis Direcciones' (issue 16, decision 033).
 */
const MOBILE_LINKS = ACCOUNT_LINKS;

interface MobileUserMenuProps {
  firstName: string;
  /** The user's credit, USD decimal. */
  credit: string;
  /** Who the user is (roles, stores): store members and operators also get their staff areas. */
  who: StaffWho;
  onClose: () => void;
}

/**
 * The mobile user menu, sliding in from the right. A modal dialog (focus trap, Escape, focus back to the
 * user button); it stops above the bottom bar, so a tap on the user button lands on the backdrop and closes it.
 */
export function MobileUserMenu({ firstName, credit, who, onClose }: MobileUserMenuProps) {
  const setLogoutConfirm = useAppStore((state) => state.setLogoutConfirm);
  const openReferral = useAppStore((state) => state.openReferral);
  const setHelpView = useAppStore((state) => state.setHelpView);
  const display = useDisplayCurrency();
  return (
    <div className="user-drawer">
      <Dialog title={`Hola, ${firstName}`} onClose={onClose} closeLabel="Cerrar menú">
        <p className="user-drawer__credit">Crédito: {creditText(credit, display)}</p>
        <nav aria-label="Mi cuenta">
          <ul className="user-drawer__list">
            {MOBILE_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="user-drawer__item" onClick={onClose}>
                  {link.label}
                </Link>
              </li>
            ))}
            {staffLinksFor(who).map((link) => (
              <li key={link.href}>
                <a href={link.href} className="user-drawer__item">
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="user-drawer__item"
                onClick={() => {
                  // The menu closes first, so the popup is the one modal dialog and gives focus back to the bar.
                  onClose();
                  openReferral();
                }}
              >
                Invita y gana
              </button>
            </li>
            <li>
              <button
                type="button"
                className="user-drawer__item"
                onClick={() => {
                  onClose();
                  setHelpView('faq');
                }}
              >
                Ayuda
              </button>
            </li>
          </ul>
        </nav>
        <button
          type="button"
          className="user-drawer__item user-drawer__item--logout"
          onClick={() => {
            onClose();
            setLogoutConfirm('mobile-menu');
          }}
        >
          Cerrar Sesión
        </button>
      </Dialog>
    </div>
  );
}
