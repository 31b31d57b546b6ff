import type { User } from '@mandado/shared/account.schemas';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { Suspense, useEffect, useRef } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useOutletContext } from 'react-router';
import { useCurrentUser } from '../../features/accounts/use-current-user.ts';
import { ACCOUNT_LINKS } from '../account/account-links.ts';
import { loginPathFor } from '../account/next-path.ts';
import '../account/account-pages.css';

function PageLoading({ label }: { label: string }) {
  return (
    <div className="page-loading">
      <Spinner label={label} />
    </div>
  );
}

function SignedOut({ to }: { to: string }) {
  return (
    <section className="status-page container" aria-labelledby="signed-out-title">
      <h1 id="signed-out-title" className="status-page__title">
        Cerraste sesión
      </h1>
      <Link to={to} className="button button--primary">
        Iniciar sesión
      </Link>
    </section>
  );
}

/**
 * Spec §2 /user, the parent of the account area. A visitor is sent to /login with the way back (decision
 * 011); the pages below get the user through the outlet context.
 */
export function UserLayout() {
  const { user, isPending } = useCurrentUser();
  const { pathname, search } = useLocation();
  const wasSignedIn = useRef(false);

  useEffect(() => {
    if (user) wasSignedIn.current = true;
  }, [user]);

  if (isPending) return <PageLoading label="Cargando tu cuenta" />;
  if (!user) {
    // The user just logged out here: the logout is taking them to the shop, which must win over the login
    // redirect (the navigation is a transition, the logout a synchronous update, so this renders first).
    if (wasSignedIn.current) return <SignedOut to={loginPathFor(pathname, search)} />;
    return <Navigate to={loginPathFor(pathname, search)} replace />;
  }
  return (
    <div className="container page-section user-area">
      <div>
        <p className="eyebrow">Hola, {user.first_name}</p>
        <h1 className="page-heading__title">Mi cuenta</h1>
      </div>
      <nav className="user-area__nav" aria-label="Secciones de mi cuenta">
        <ul className="chip-row chip-row--scroll">
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                // '/user/' of the menus is the same page; without the slash `end` matches it at /user.
                to={link.to.replace(/\/$/, '')}
                end
                className={({ isActive }) => (isActive ? 'chip chip--active' : 'chip')}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<PageLoading label="Cargando" />}>
        <Outlet context={user} />
      </Suspense>
    </div>
  );
}

/** The logged-in user, for the pages under /user. */
export function useAccountUser(): User {
  return useOutletContext<User>();
}
