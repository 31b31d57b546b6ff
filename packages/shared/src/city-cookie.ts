/**
 * The delivery city as a first-party cookie (decision 084), so the server can render `/stores` for the city a
 * visitor chose when several are served: the browser's choice otherwise lives only in localStorage, which the
 * server never sees. It holds the city's id and nothing else (no personal data); the shop writes it beside
 * localStorage whenever the city changes, hence not HttpOnly.
 */
export const CITY_COOKIE = 'mandado_city';

/** A year: the choice is kept as long as the browser keeps it (Safari caps script cookies at a week). */
export const CITY_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** The cookie's `name=value; attributes` as `document.cookie` takes it; a null city removes it. */
export function cityCookieText(cityId: number | null, secure: boolean): string {
  const value = cityId === null ? '' : String(cityId);
  const maxAge = cityId === null ? 0 : CITY_COOKIE_MAX_AGE_SECONDS;
  return `${CITY_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The city id a cookie value names, or null for anything else (missing, empty, not a plain id). */
export function parseCityCookie(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9]\d{0,8}$/.test(value)) return null;
  return Number(value);
}
