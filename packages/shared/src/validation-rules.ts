/**
 * Validation rules of spec §5 that the web forms and the API share, so a value the form accepts is a
 * value the server accepts.
 */
/**
 * local@domain.tld without spaces, control characters or the separators a mail library would read as a
 * display name or a list (`<>()[]\,;:"`), so the address we store is the one that receives the mail.
 */
export const EMAIL_PATTERN =
  /^[^\s@<>()[\]\\,;:"\p{Cc}]+@[^\s@<>()[\]\\,;:"\p{Cc}]+\.[^\s@<>()[\]\\,;:"\p{Cc}]{2,}$/u;
export const EMAIL_MAX_LENGTH = 254;

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isValidEmail(value: string): boolean {
  const email = normalizeEmail(value);
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_DEBOUNCE_MS = 800;

/** Spec §5: a search triggers only for 3 or more characters, or for an empty string (which clears it). */
export function shouldSearch(term: string): boolean {
  const length = term.trim().length;
  return length === 0 || length >= SEARCH_MIN_LENGTH;
}

/** Spec §4 analytics: the search event fires when the list is shown for more than 3 characters. */
export function shouldTrackSearch(term: string): boolean {
  return term.trim().length > SEARCH_MIN_LENGTH;
}

export const CITY_REQUEST_CITY_MAX_LENGTH = 100;
