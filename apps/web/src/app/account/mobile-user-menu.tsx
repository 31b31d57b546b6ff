import { Link } from 'react-router';
import { Dialog } from '../../components/dialog.tsx';
import { useAppStore } from '../../state/app-store.ts';
import './account.css';

/** Spec §2 Mobile: the desktop entries with 'Mis Beneficiarios' instead of 'Mis Direcciones', plus logout. */
const MOBILE_LINKS = [
  { to: '/user/', label: 'Mi Cuenta' },
  { to: '/user/orders', label: 'Mis Compras' },
  { to: '/user/beneficiaries', label: 'Mis Beneficiarios' },
  { to: '/user/wallet', label: 'Mi Billetera' },
] as const;

interface MobileUserMenuProps {
  firstName: string;
  onClose: () => void;
}

/**
 * The mobile user menu, sliding in from the right. A modal dialog (focus trap, Escape, focus back to the
 * user button); it stops above the bottom bar, so a tap on the user button lands on the backdrop and closes it.
 */
export function MobileUserMenu({ firstName, onClose }: MobileUserMenuProps) {
  const setLogoutConfirm = useAppStore((state) => state.setLogoutConfirm);
  return (
    <div className="user-drawer">
      <Dialog title={`Hola, ${firstName}`} onClose={onClose} closeLabel="Cerrar menú">
        <nav aria-label="Mi cuenta">
          <ul className="user-drawer__list">
            {MOBILE_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="user-drawer__item" onClick={onClose}>
                  {link.label}
                </Link>
              </li>
            ))}
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
