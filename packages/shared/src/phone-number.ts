import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

export interface NormalizedPhone {
  /** +59891234567 */
  e164: string;
  /** +598 91 234 567 */
  formatted: string;
}

/**
 * A remitter's phone, in any country (they live abroad): valid for its country by libphonenumber's rules.
 * The value must carry its country code, as the registration form's international input sends it.
 */
export function normalizeInternationalPhone(value: string): NormalizedPhone | null {
  const phone = parsePhoneNumberFromString(value.trim());
  if (!phone?.isValid()) return null;
  return { e164: phone.number, formatted: phone.formatInternational() };
}

/**
 * Spec §5 phone helper for Uruguayan numbers typed into the address masks: spaces and plus signs are removed;
 * a valid number has at least 10 characters; exactly 10 must be the landline mask (2622)1234 and 11 the mobile
 * mask (091)123456. Anything longer must be digits only (a number with its country code).
 */
export function isValidLocalPhone(value: string): boolean {
  const compact = value.replace(/[\s+]/g, '');
  if (compact.length < 10) return false;
  if (compact.length === 10) return /^\(\d{4}\)\d{4}$/.test(compact) || /^\d{10}$/.test(compact);
  if (compact.length === 11) return /^\(\d{3}\)\d{6}$/.test(compact) || /^\d{11}$/.test(compact);
  return /^\d+$/.test(compact);
}

/**
 * The country (ISO 3166-1 alpha-2) of a stored E.164 phone, or null. The remitter's phone is where they live,
 * which decides whether transfers and cash deposits are offered to them (decision 021): the server reads it
 * from the account, never from the request.
 */
export function phoneCountry(e164: string): string | null {
  return parsePhoneNumberFromString(e164)?.country ?? null;
}
