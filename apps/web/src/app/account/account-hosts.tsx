import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useCurrentUser } from '../../features/accounts/use-current-user.ts';
import { useAppStore } from '../../state/app-store.ts';
import type { SwipeAction } from './swipe-gesture.ts';
import { useSwipeGestures } from './use-swipe-gestures.ts';

// The panel brings the forms (react-hook-form, zod, libphonenumber); it loads when a shopper opens it.
const AuthPanel = lazy(
  lazyWithReload(() =>
    import('../../features/accounts/auth-panel.tsx').then((module) => ({ default: module.AuthPanel })),
  ),
);
const MobileUserMenu = lazy(
  lazyWithReload(() =>
    import('./mobile-user-menu.tsx').then((module) => ({ default: module.MobileUserMenu })),
  ),
);
// Only a signed-in account that has not accepted the current policy sees it: its code stays out of the entry.
const ConsentNotice = lazy(
  lazyWithReload(() =>
    import('../../features/accounts/consent-notice.tsx').then((module) => ({
      default: module.ConsentNotice,
    })),
  ),
);
const LogoutConfirmDialog = lazy(
  lazyWithReload(() =>
    import('./logout-confirm-dialog.tsx').then((module) => ({ default: module.LogoutConfirmDialog })),
  ),
);

function OverlayLoading() {
  return (
    <div className="overlay-loading">
      <Spinner label="Cargando" />
    </div>
  );
}

function AuthPanelHost() {
  const mode = useAppStore((state) => state.authPanel);
  const setAuthPanel = useAppStore((state) => state.setAuthPanel);
  const { pathname } = useLocation();

  // A link inside the panel ('¿Olvidaste tu contraseña?') leaves the page; the panel goes with it. Only when
  // open: a store update, even to the same values, runs every reader's selector (decision 086).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the navigation is the trigger.
  useEffect(() => {
    if (useAppStore.getState().authPanel !== null) setAuthPanel(null);
  }, [pathname, setAuthPanel]);

  if (!mode) return null;
  return (
    <Suspense fallback={<OverlayLoading />}>
      <AuthPanel mode={mode} onClose={() => setAuthPanel(null)} />
    </Suspense>
  );
}

function UserMenuHost() {
  const { user } = useCurrentUser();
  const open = useAppStore((state) => state.userMenuOpen);
  const setOpen = useAppStore((state) => state.setUserMenuOpen);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the navigation is the trigger.
  useEffect(() => setOpen(false), [pathname, setOpen]);

  const onSwipe = useCallback(
    (action: SwipeAction) => {
      if (action === 'close-user-menu') setOpen(false);
      // Not over another dialog (a product, a confirmation): one overlay at a time.
      else if (action === 'open-user-menu' && !document.querySelector('dialog[open]')) setOpen(true);
    },
    [setOpen],
  );
  useSwipeGestures(user !== null, onSwipe);

  if (!open || !user) return null;
  return (
    <Suspense fallback={null}>
      <MobileUserMenu
        firstName={user.first_name}
        credit={user.credit}
        who={user}
        onClose={() => setOpen(false)}
      />
    </Suspense>
  );
}

function LogoutConfirmHost() {
  const origin = useAppStore((state) => state.logoutConfirm);
  const setLogoutConfirm = useAppStore((state) => state.setLogoutConfirm);
  if (!origin) return null;
  return (
    <Suspense fallback={<OverlayLoading />}>
      <LogoutConfirmDialog origin={origin} onClose={() => setLogoutConfirm(null)} />
    </Suspense>
  );
}

/** Only a signed-in shopper has consents to ask about: a visitor sees nothing and no request is made. */
function ConsentNoticeHost() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <ConsentNotice />
    </Suspense>
  );
}

/** The account overlays every layout with a menu shares: login/register panel, user menu, logout confirmation. */
export function AccountHosts() {
  return (
    <>
      <AuthPanelHost />
      <UserMenuHost />
      <LogoutConfirmHost />
      <ConsentNoticeHost />
    </>
  );
}
