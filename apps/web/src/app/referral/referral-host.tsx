import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from '../../state/app-store.ts';

// The popup (its form, the share links, zod for the e-mail) loads when someone opens it: browse pages'
// first load carries only this host.
const ReferralPopupContainer = lazy(
  lazyWithReload(() =>
    import('./referral-popup-container.tsx').then((module) => ({ default: module.ReferralPopupContainer })),
  ),
);

/** Spec §2 Referral popup, opened through the store's `referralPanel` by the footer, the menus, the phone bar and the wallet. */
export function ReferralHost() {
  const panel = useAppStore((state) => state.referralPanel);
  const closeReferral = useAppStore((state) => state.closeReferral);
  const { pathname } = useLocation();

  // A link inside the popup leaves the page; the popup goes with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the navigation is the trigger.
  useEffect(() => closeReferral(), [pathname, closeReferral]);

  if (!panel) return null;
  return (
    <Suspense fallback={null}>
      <ReferralPopupContainer email={panel.email} onClose={closeReferral} />
    </Suspense>
  );
}
