import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';

export type { CountryCode };

/** The fallback when the browser's locale names no supported country (decision 011). */
export const FALLBACK_PHONE_COUNTRY: CountryCode = 'US';

/**
 * The remitter lives abroad, so the phone's country defaults to the visitor's country, the one the display
 * currency comes from (issue 30: a payer in Spain types a Spanish number without changing the select), when
 * the app knows it; else to the one the browser's locale names ('en-US' → US, 'es-UY' → UY), the first one
 * that has a region, else US.
 */
export function defaultPhoneCountry(
  languages: readonly string[],
  visitorCountry?: string | null,
): CountryCode {
  if (visitorCountry && isSupportedCountry(visitorCountry)) return visitorCountry;
  for (const language of languages) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(language).maximize().region;
    } catch {
      region = undefined;
    }
    if (region && isSupportedCountry(region)) return region;
  }
  return FALLBACK_PHONE_COUNTRY;
}

export interface PhoneParts {
  country: CountryCode;
  /** The number as the shopper sees it in the number box (national format when known). */
  national: string;
}

/** Splits a saved international number ("+598 91 234 567") into the country select and the number box. */
export function splitPhone(value: string, fallback: CountryCode): PhoneParts {
  const trimmed = value.trim();
  if (!trimmed) return { country: fallback, national: '' };
  const phone = parsePhoneNumberFromString(trimmed);
  if (phone?.country) return { country: phone.country, national: phone.formatNational() };
  return { country: fallback, national: trimmed };
}

/**
 * The value the form sends (spec §4 Registration: the formatted number): the international format when the
 * number parses, otherwise the typed text behind the country's calling code so the server's check explains
 * it. A number typed with its own "+" code wins over the select. Empty stays empty ('Campo requerido').
 */
export function composePhone(country: CountryCode, national: string): string {
  const typed = national.trim();
  if (!typed) return '';
  const phone = typed.startsWith('+')
    ? parsePhoneNumberFromString(typed)
    : parsePhoneNumberFromString(typed, country);
  if (phone?.isValid()) return phone.formatInternational();
  if (typed.startsWith('+')) return typed;
  return `+${getCountryCallingCode(country)} ${typed}`;
}

/** The spec's validity flag of the phone input. */
export function isValidPhone(country: CountryCode, national: string): boolean {
  const typed = national.trim();
  if (!typed) return false;
  const phone = typed.startsWith('+')
    ? parsePhoneNumberFromString(typed)
    : parsePhoneNumberFromString(typed, country);
  return phone?.isValid() ?? false;
}

/** Formats the number box while typing ("091234567" → "091 234 567" for Uruguay). */
export function formatAsYouType(country: CountryCode, typed: string): string {
  return new AsYouType(country).input(typed);
}

export interface CountryOption {
  code: CountryCode;
  label: string;
}

/** Every country the phone metadata knows, named in Spanish and sorted by name: "Uruguay (+598)". */
export function phoneCountryOptions(): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(['es'], { type: 'region' });
  } catch {
    names = null;
  }
  return getCountries()
    .map((code) => {
      const name = names?.of(code) ?? code;
      return { code, name, label: `${name} (+${getCountryCallingCode(code)})` };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'es'))
    .map(({ code, label }) => ({ code, label }));
}
