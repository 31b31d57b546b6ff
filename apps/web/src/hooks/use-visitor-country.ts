import { DEFAULT_COUNTRY_CODE } from '@mandado/shared/country-currency';
import { useAppStore } from '../state/app-store.ts';

/**
 * The visitor's country as the app knows it: the answer of /v1/country/ (the proxy's country header, else the
 * browser language's region), kept as `countryCode` by the currency state, which takes the display currency
 * from it (spec §4 step 5). Null until it is known. Issue 30 uses the same one for the registration phone's
 * country and for offering 'Mi ubicación actual'.
 */
export function useVisitorCountry(): string | null {
  return useAppStore((state) => state.countryCode);
}

/**
 * Whether 'Mi ubicación actual' makes sense: the visitor's own position is the delivery address only when the
 * visitor is in Uruguay; a payer abroad would send the order to where they stand. Unknown counts as the
 * spec's default country, Uruguay.
 */
export function isVisitorInUruguay(countryCode: string | null): boolean {
  return (countryCode ?? DEFAULT_COUNTRY_CODE) === 'UY';
}
