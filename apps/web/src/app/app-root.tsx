import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { Toaster } from '@mandado/web-kit/toaster.tsx';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { afterYield } from '../lib/after-yield.ts';
import { markHydrated } from '../state/hydration.ts';
import { CartSwipeHost } from './account/cart-swipe-host.tsx';
import { useAppStart } from './app-start/use-app-start.ts';
import { useThirdPartyWidgets } from './app-start/use-third-party-widgets.ts';
import { CartSyncHost } from './cart/cart-sync-host.tsx';

/** A new page starts at the top; Back and Forward (POP) leave the browser to restore the position. */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // Only a new pathname is a new page: a query change on the same page (the help overlay's `?ayuda=`, written
  // with replace) changes the navigation type too, and must not throw the shopper back to the top.
  const previousPathname = useRef(pathname);
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

/** The root route: runs the app start once and hosts what every layout shares. */
export function AppRoot() {
  // The routes' boundary is committed: a server-rendered page is hydrated (decision 079). Marked in a task of
  // its own, so what waits for it (the currencies' queries above the routes, the stored choices, the start
  // data) re-renders after the hydration's commit and effects rather than inside that task (decision 086).
  useEffect(() => afterYield(markHydrated), []);
  useAppStart();
  useThirdPartyWidgets();
  return (
    <>
      <Outlet />
      <CartSyncHost />
      <CartSwipeHost />
      <Toaster />
      <ScrollToTopOnNavigate />
    </>
  );
}

/** Shown while the first route's chunks download. */
export function AppLoading() {
  return (
    <div className="app-loading">
      <Spinner label="Cargando Mandado" />
    </div>
  );
}
