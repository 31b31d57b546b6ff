import { ADDRESS_KNOWN_CLASS, ADDRESS_KNOWN_COOKIE } from '@mandado/shared/web-page-data';
import { PinIcon } from '@mandado/web-kit/icons.tsx';
import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { impliedCity } from '../../features/locations/implied-city.ts';
import { usePageCity } from '../../features/locations/page-city.ts';
import { useCities } from '../../features/locations/use-cities.ts';
import { applyStoredChoices, useAppStore } from '../../state/app-store.ts';
import { useHydrated } from '../../state/hydration.ts';
import './address-offer.css';

/** Once dismissed the popup does not come back in the same visit (the tab's session), but does in the next. */
export const ADDRESS_POPUP_DISMISSED_KEY = 'mandado:address-popup-dismissed';

function readDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(ADDRESS_POPUP_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Tells the server whether this browser needs the bar (decision 085): the cookie lasts a year with a stored
 * address, the visit with only a dismissal, and goes with neither.
 */
function rememberAddressKnown(hasLocation: boolean, dismissed: boolean): void {
  const lifetime = hasLocation ? '; max-age=31536000' : dismissed ? '' : '; max-age=0';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
  document.cookie = `${ADDRESS_KNOWN_COOKIE}=1; path=/; SameSite=Lax${lifetime}`;
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
 * once per visit. Since issue 30 item 6 this decides whether the address is *offered* (the bar below); the
 * popup itself opens only when the shopper asks for it.
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
 * Spec §2 Address popup, offered rather than imposed (issue 30 item 6): a first visit without a stored
 * location sees a bar in the page's flow, which blocks nothing and takes no tap meant for the page (the popup
 * used to open by itself about a second after load, over the store list). 'Ingresar dirección' opens the
 * popup; 'Ahora no', a confirmed address or a closed popup hide both for the rest of the visit.
 */
export function AddressPopupHost() {
  const hasLocation = useAppStore((state) => state.location !== null);
  const storedCity = useAppStore((state) => state.city !== null);
  const helpOpen = useAppStore((state) => state.helpView !== null);
  const { pathname } = useLocation();
  // A server-rendered store or product page (decision 079) has the bar in its markup when the city is
  // implied, as a first visit from a shared link sees it, so it does not push the page down after
  // hydration; the page then stores that city. Storage is read only once hydrated, like the server's none.
  // /stores rendered for the city cookie's city (decision 084) counts that one the same way.
  const hydrated = useHydrated();
  const cities = useCities();
  const pageCity = usePageCity();
  const hasCity = storedCity || (!hydrated && (impliedCity(cities.data) ?? pageCity) !== null);
  const [dismissedNow, setDismissed] = useState(false);
  const dismissed = dismissedNow || (hydrated && readDismissed());
  const [open, setOpen] = useState(false);
  const visible = shouldOpenAddressPopup({ hasLocation, dismissed, hasCity, pathname, helpOpen });
  useEffect(() => {
    if (!hydrated) return;
    // The store as it is now: the render right after hydration may still show the server's state (no location),
    // and the browser's stored choices are applied a task later (decision 086). A page that stores its implied
    // city first would show the bar for that task and hide it again (a shift of 0.15): apply them here first.
    applyStoredChoices();
    const storedLocation = hasLocation || useAppStore.getState().location !== null;
    rememberAddressKnown(storedLocation, dismissed);
    // The server's class kept the markup's bar from being painted. It goes once the bar is gone (so a bar this
    // visit asks for later shows), or at once when the browser has no address after all (a stale cookie).
    if (!visible || !(storedLocation || dismissed)) {
      document.documentElement.classList.remove(ADDRESS_KNOWN_CLASS);
    }
  }, [hydrated, hasLocation, dismissed, visible]);

  if (!visible) return null;
  const done = () => {
    writeDismissed();
    setDismissed(true);
  };
  return (
    <>
      <aside className="address-offer" aria-label="Dirección de envío">
        <p className="address-offer__text">
          <PinIcon size={18} />
          <span>Ingresa la dirección de entrega y te mostramos primero las tiendas más cercanas.</span>
        </p>
        <div className="address-offer__actions">
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => setOpen(true)}
          >
            Ingresar dirección
          </button>
          <button type="button" className="button button--ghost button--small" onClick={done}>
            Ahora no
          </button>
        </div>
      </aside>
      {open ? (
        <Suspense fallback={null}>
          <AddressPopupPanel onDone={done} />
        </Suspense>
      ) : null}
    </>
  );
}
