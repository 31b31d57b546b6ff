import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../features/accounts/use-current-user.ts';
import { loginPathFor } from './next-path.ts';
import './account.css';

const AccountDropdown = lazy(
  lazyWithReload(() =>
    import('./account-dropdown.tsx').then((module) => ({ default: module.AccountDropdown })),
  ),
);

/**
 * Spec §2 top menu: 'Iniciar sesión' (to /login) for a visitor; for a user, the 'Mi cuenta' dropdown
 * (account-dropdown.tsx), loaded only when someone is logged in.
 */
export function AccountMenu() {
  const { user, isPending } = useCurrentUser();
  const { pathname, search } = useLocation();
  const placeholder = <span className="account-menu__placeholder" aria-hidden="true" />;
  if (isPending) return placeholder;
  if (!user) {
    const loginTo =
      pathname === '/login' || pathname === '/register' ? '/login' : loginPathFor(pathname, search);
    return (
      <Link to={loginTo} className="button button--secondary button--small account-menu__login">
        Iniciar sesión
      </Link>
    );
  }
  return (
    <Suspense fallback={placeholder}>
      <AccountDropdown firstName={user.first_name} credit={user.credit} who={user} />
    </Suspense>
  );
}
