import { cityCookieText } from '@mandado/shared/city-cookie';

/**
 * Mirrors the delivery city into its cookie (decision 084) so the server can render `/stores` for it; null
 * removes it. A browser that refuses cookies keeps the city in localStorage only, and gets the shell there.
 */
export function writeCityCookie(cityId: number | null): void {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from Safari before 18.4 and Firefox; one synchronous write beside localStorage is all this needs.
    document.cookie = cityCookieText(cityId, window.location.protocol === 'https:');
  } catch {
    // Not being able to remember a choice must never break the page.
  }
}
