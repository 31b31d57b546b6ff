import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from '../../state/app-store.ts';

/** Once dismissed the popup does not come back in the same visit (the tab's session), but does in the next. */
export const ADDRESS_POPUP_DISMISSED_KEY = 'mandado:address-popup-dismissed';

function readDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(ADDRESS_POPUP_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

function writeDismissed(): void {
  try {
    window.sessionStorage.setItem(ADDRESS_POPUP_DISMISSED_KEY, '1');
  } catch {
    // Without session storage the state below still keeps it closed until the next load.
  }
}

// The popup, its form and the map load only when it opens: this host is part of every first load.
const AddressPopupPanel = lazy(
  lazyWithReload(async () => ({ default: (await import('./address-popup-panel.tsx')).AddressPopupPanel })),
);

export interface AddressPopupState {
  hasLocation: boolean;
  dismissed: boolean;
  hasCity: boolean;
  pathname: string;
  /** Help is open (a shared `?ayuda=` link): the popup waits until it closes rather than stack on it. */
  helpOpen: boolean;
}

/**
 * Spec §2: only without a stored location, with a delivery city, never over the city screen nor over help,
 * once per visit.
 */
export function shouldOpenAddressPopup({
  hasLocation,
  dismissed,
  hasCity,
  pathname,
  helpOpen,
}: AddressPopupState): boolean {
  return !hasLocation && !dismissed && hasCity && pathname !== '/' && !helpOpen;
}

/**
 * Spec §2 Address popup: opens on load when no location is stored, never over the city screen (a delivery
 * city comes first), and once dismissed or confirmed stays closed for the rest of the visit.
 */
export function AddressPopupHost() {
  const hasLocation = useAppStore((state) => state.location !== null);
  const hasCity = useAppStore((state) => state.city !== null);
  const helpOpen = useAppStore((state) => state.helpView !== null);
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(readDismissed);

  if (!shouldOpenAddressPopup({ hasLocation, dismissed, hasCity, pathname, helpOpen })) return null;
  return (
    <Suspense fallback={null}>
      <AddressPopupPanel
        onDone={() => {
          writeDismissed();
          setDismissed(true);
        }}
      />
    </Suspense>
  );
}
