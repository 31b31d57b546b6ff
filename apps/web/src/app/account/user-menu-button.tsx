import { useCurrentUser } from '../../features/accounts/use-current-user.ts';
import { useAppStore } from '../../state/app-store.ts';
import { UserIcon } from './account-icons.tsx';
import './account.css';

/** Spec §2 bottom bar user button: the user menu when logged in, the login popup when not. */
export function UserMenuButton() {
  const { user } = useCurrentUser();
  const open = useAppStore((state) => state.userMenuOpen);
  const setOpen = useAppStore((state) => state.setUserMenuOpen);
  const setAuthPanel = useAppStore((state) => state.setAuthPanel);
  if (!user) {
    return (
      <button
        type="button"
        className="bottom-bar__item bottom-bar__user"
        aria-haspopup="dialog"
        onClick={() => setAuthPanel('login')}
      >
        <UserIcon />
        <span>Ingresar</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      className="bottom-bar__item bottom-bar__user"
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={() => setOpen(!open)}
    >
      <UserIcon />
      {/* 'Cuenta' fits the bar on one line; the name stays 'Mi cuenta'. */}
      <span>
        <span className="visually-hidden">Mi </span>Cuenta
      </span>
    </button>
  );
}
