import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useAppStore } from '../../state/app-store.ts';
import { useHydrated } from '../../state/hydration.ts';
import { countryQueryOptions, currenciesQueryOptions } from './currency.api.ts';
import { resolveDisplayCurrency } from './resolve-display-currency.ts';

/** Currencies load first; the country only once they succeed (spec §4 step 5). */
export function useCurrencyState() {
  // Above the routes: asks only once a server-rendered page is hydrated (state/hydration.ts).
  const hydrated = useHydrated();
  const currencies = useQuery({ ...currenciesQueryOptions(), enabled: hydrated });
  const country = useQuery({ ...countryQueryOptions(), enabled: currencies.isSuccess });
  const chosenCode = useAppStore((state) => state.currencyCode);
  const savedCountry = useAppStore((state) => state.countryCode);
  const setCountryCode = useAppStore((state) => state.setCountryCode);
  const countryCode = country.data?.country_code ?? null;

  useEffect(() => {
    if (countryCode && countryCode !== savedCountry) setCountryCode(countryCode);
  }, [countryCode, savedCountry, setCountryCode]);

  const display = useMemo(
    () =>
      resolveDisplayCurrency({
        list: currencies.data,
        listFailed: currencies.isError,
        chosenCode,
        countryCode: countryCode ?? savedCountry,
        countryKnown: countryCode !== null || savedCountry !== null || country.isError,
      }),
    [currencies.data, currencies.isError, chosenCode, countryCode, savedCountry, country.isError],
  );

  return { display, currencies: currencies.data?.results };
}
