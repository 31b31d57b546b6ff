import type { City } from '@mandado/shared/catalog.schemas';
import { type AppNotification, useToastStore } from '@mandado/web-kit/toast-store.ts';
import { create } from 'zustand';
import { writeCityCookie } from '../lib/city-cookie.ts';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage.ts';
import { type CartSlice, createCartSlice } from './cart/cart-slice.ts';
import { type CartUiSlice, createCartUiSlice } from './cart/cart-ui-slice.ts';

/** Which form the login/register panel opens with (spec §4); null when it is closed. */
export type AuthPanelMode = 'login' | 'register';

/**
 * The help overlay's views (spec §2 Help overlay; issue 11). One shared flag opens it; the footer's help tabs,
 * the account menus and a shareable link (`?ayuda=<slug>`) set the view.
 */
export const HELP_VIEWS = ['faq', 'contact', 'shipping', 'suggestion', 'instructions'] as const;
export type HelpView = (typeof HELP_VIEWS)[number];

/** Where a logout was asked from: the mobile menu goes to /products afterwards (spec §4 Logout). */
export type LogoutOrigin = 'menu' | 'mobile-menu';

/** Spec §3 Location: where the delivery goes, kept in local storage under `location`. */
export interface StoredLocation {
  latitude: number;
  longitude: number;
  label: string;
}

interface AppState extends CartSlice, CartUiSlice {
  /** The delivery city; restored from storage at start (spec §4 step 4). */
  city: City | null;
  /** The delivery address's position (address popup, a beneficiary); brings nearby stores first. */
  location: StoredLocation | null;
  /** The chosen store's id; the store itself comes from the city's store list. */
  storeId: number | null;
  /** The currency the shopper picked; null means "derive it from the country". */
  currencyCode: string | null;
  countryCode: string | null;
  /** Overlays that more than one screen can open. */
  notMyCityOpen: boolean;
  /** A different city waiting for the change-city confirmation. */
  pendingCity: City | null;
  /** The login/register panel (spec §4), opened by several screens. */
  authPanel: AuthPanelMode | null;
  /** Spec §3 `emailReferred`: the e-mail the referral box took, pre-filled in the login/register panel. */
  authPanelEmail: string;
  /** The referral popup (spec §2), with the e-mail the footer's box took (empty when opened elsewhere). */
  referralPanel: { email: string } | null;
  /** The help overlay's open view, or null when it is closed. */
  helpView: HelpView | null;
  /** The mobile user menu that slides in from the right (spec §2 Mobile). */
  userMenuOpen: boolean;
  /** A logout waiting for the confirmation '¿Estás seguro de que deseas cerrar sesión?'. */
  logoutConfirm: LogoutOrigin | null;
  setCity: (city: City | null) => void;
  setStoreId: (storeId: number | null) => void;
  setLocation: (location: StoredLocation | null) => void;
  setCurrencyCode: (code: string) => void;
  setCountryCode: (code: string) => void;
  setNotMyCityOpen: (open: boolean) => void;
  setPendingCity: (city: City | null) => void;
  /** Shows a toast (web-kit's toast store, which the Toaster reads). */
  notify: (notification: Omit<AppNotification, 'id'>) => void;
  /** Whether a toast with this title is on screen (the cart does not stack a notice twice). */
  isNotificationShown: (title: string) => boolean;
  /** Opens (or closes, with null) the login/register panel; `email` pre-fills it (spec §4 Referral). */
  setAuthPanel: (mode: AuthPanelMode | null, email?: string) => void;
  openReferral: (email?: string) => void;
  closeReferral: () => void;
  setHelpView: (view: HelpView | null) => void;
  setUserMenuOpen: (open: boolean) => void;
  setLogoutConfirm: (origin: LogoutOrigin | null) => void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isCity(value: unknown): value is City {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.name === 'string' &&
    typeof value.state === 'string' &&
    typeof value.state_id === 'number'
  );
}

function isLocation(value: unknown): value is StoredLocation {
  return (
    isRecord(value) &&
    typeof value.latitude === 'number' &&
    Number.isFinite(value.latitude) &&
    typeof value.longitude === 'number' &&
    Number.isFinite(value.longitude) &&
    typeof value.label === 'string'
  );
}

function isStoreId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function isCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{2,3}$/.test(value);
}

export const useAppStore = create<AppState>()((set, get) => ({
  ...createCartSlice(set, get),
  ...createCartUiSlice(set, get),
  // Nothing stored yet: this first state is what a server render sees (decision 079); the browser's stored
  // choices are put in right below, so hydration reads this state (zustand's server snapshot) and the page
  // then re-renders with the stored one.
  city: null,
  storeId: null,
  location: null,
  currencyCode: null,
  countryCode: null,
  notMyCityOpen: false,
  pendingCity: null,
  authPanel: null,
  authPanelEmail: '',
  referralPanel: null,
  helpView: null,
  userMenuOpen: false,
  logoutConfirm: null,
  setCity: (city) => {
    writeJson(STORAGE_KEYS.city, city);
    // The server reads it to render /stores for this city (decision 084).
    writeCityCookie(city?.id ?? null);
    set({ city });
  },
  setStoreId: (storeId) => {
    writeJson(STORAGE_KEYS.store, storeId);
    set({ storeId });
  },
  setLocation: (location) => {
    writeJson(STORAGE_KEYS.location, location);
    set({ location });
  },
  setCurrencyCode: (currencyCode) => {
    writeJson(STORAGE_KEYS.currency, currencyCode);
    set({ currencyCode });
  },
  setCountryCode: (countryCode) => {
    writeJson(STORAGE_KEYS.countryCode, countryCode);
    set({ countryCode });
  },
  setNotMyCityOpen: (notMyCityOpen) => set({ notMyCityOpen }),
  setPendingCity: (pendingCity) => set({ pendingCity }),
  notify: (notification) => useToastStore.getState().notify(notification),
  isNotificationShown: (title) =>
    useToastStore.getState().notifications.some((shown) => shown.title === title),
  setAuthPanel: (authPanel, email = '') => set({ authPanel, authPanelEmail: authPanel ? email : '' }),
  openReferral: (email = '') => set({ referralPanel: { email } }),
  closeReferral: () => set({ referralPanel: null }),
  setHelpView: (helpView) => set({ helpView }),
  setUserMenuOpen: (userMenuOpen) => set({ userMenuOpen }),
  setLogoutConfirm: (logoutConfirm) => set({ logoutConfirm }),
}));

/** The choices the browser stored (spec §3), read once at start. */
function storedChoices(): Pick<AppState, 'city' | 'storeId' | 'location' | 'currencyCode' | 'countryCode'> {
  return {
    city: readJson(STORAGE_KEYS.city, isCity),
    storeId: readJson(STORAGE_KEYS.store, isStoreId),
    location: readJson(STORAGE_KEYS.location, isLocation),
    currencyCode: readJson(STORAGE_KEYS.currency, isCode),
    countryCode: readJson(STORAGE_KEYS.countryCode, isCode),
  };
}

let storedChoicesApplied = false;

/**
 * Puts the choices the browser stored in the store, once (later calls do nothing). In the browser only (the
 * server entry imports this module too, decision 079): `main.tsx` calls it before a render from scratch, and
 * after hydrating server markup in a task of its own (decision 086). `getInitialState()` keeps the state
 * above, which zustand hands React as the server snapshot while hydrating; applied before the hydration, the
 * stored choices made React re-render every reader synchronously inside the hydration's last task.
 */
export function applyStoredChoices(): void {
  if (storedChoicesApplied) return;
  storedChoicesApplied = true;
  const current = useAppStore.getState();
  // Only what differs: the implied city a shared link already stored (useImpliedCity) is the stored one, and a
  // new object for it would re-render every reader of the city again.
  const changed = Object.fromEntries(
    Object.entries(storedChoices()).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(current[key as keyof typeof current]),
    ),
  );
  if (Object.keys(changed).length > 0) useAppStore.setState(changed);
  // A city stored before the city cookie existed (decision 084) gets it now, so the next visit's /stores renders.
  const city = useAppStore.getState().city;
  if (city) writeCityCookie(city.id);
}
