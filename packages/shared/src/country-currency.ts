/** Spec §3/§9: the country decides the display currency; UY is the default and, for now, the only allowed country. */
export const DEFAULT_COUNTRY_CODE = 'UY';
export const DEFAULT_CURRENCY_CODE = 'USD';

export const CURRENCY_CODES = [
  'ARS',
  'BRL',
  'CAD',
  'CLP',
  'COP',
  'DOP',
  'EUR',
  'GBP',
  'MXN',
  'PEN',
  'USD',
  'UYU',
] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export function isCurrencyCode(value: string): value is CurrencyCode {
  return (CURRENCY_CODES as readonly string[]).includes(value);
}

const EURO_COUNTRIES = [
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
];

export const COUNTRY_CURRENCY: Readonly<Record<string, CurrencyCode>> = {
  UY: 'UYU',
  US: 'USD',
  AR: 'ARS',
  BR: 'BRL',
  CA: 'CAD',
  CL: 'CLP',
  CO: 'COP',
  DO: 'DOP',
  GB: 'GBP',
  MX: 'MXN',
  PE: 'PEN',
  EC: 'USD',
  SV: 'USD',
  PA: 'USD',
  ...Object.fromEntries(EURO_COUNTRIES.map((code) => [code, 'EUR' as const])),
};

/** Flags shown in the currency picker; BTC has one although it is not a selectable currency. */
export const CURRENCY_FLAGS: Readonly<Record<CurrencyCode | 'BTC', string>> = {
  ARS: '🇦🇷',
  BRL: '🇧🇷',
  CAD: '🇨🇦',
  CLP: '🇨🇱',
  COP: '🇨🇴',
  DOP: '🇩🇴',
  EUR: '🇪🇺',
  GBP: '🇬🇧',
  MXN: '🇲🇽',
  PEN: '🇵🇪',
  USD: '🇺🇸',
  UYU: '🇺🇾',
  BTC: '₿',
};

/**
 * Spec §4 step 5: the currency derives from the country, falling back to USD (rate 1) when the country has
 * no mapped currency or the rate set lacks it.
 */
export function currencyForCountry(countryCode: string, availableCodes: readonly string[]): string {
  const mapped = COUNTRY_CURRENCY[countryCode.toUpperCase()];
  return mapped && availableCodes.includes(mapped) ? mapped : DEFAULT_CURRENCY_CODE;
}
