/** Local-storage keys of spec §3, plus the chosen display currency (which persists across reloads). */
export const STORAGE_KEYS = {
  city: 'city',
  store: 'store',
  location: 'location',
  countryCode: 'countryCode',
  currency: 'currency',
  /** The logged-in user's cart (spec §4 Saving: only when logged in). */
  cart: 'cart',
  /**
   * A visitor's cart (decision 032, beyond spec §4 Saving): versioned in its key and its content, so a copy of
   * an older shape is never misread.
   */
  visitorCart: 'mandado:visitor-cart:v1',
  /** The logged-in user as who-am-I gave it (never a credential: the session is an HttpOnly cookie). */
  user: 'user',
  /** The referral token an invitation link brought. */
  referrer: 'referrer',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Storage can throw (private mode, quota, disabled cookies); the app then simply forgets. */
export function readJson<T>(key: StorageKey, isValid: (value: unknown) => value is T): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  try {
    if (value === null || value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Not being able to remember a choice must never break the page.
  }
}

export function removeItem(key: StorageKey): void {
  writeJson(key, null);
}
