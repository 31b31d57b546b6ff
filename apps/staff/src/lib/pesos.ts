import type { CurrencyList } from '@mandado/shared/currency.schemas';
import { parseMoney, type Rates } from '@mandado/shared/money';
import { moneyText, shownIn } from '@mandado/shared/money-text';
import { apiGet } from '@mandado/web-kit/api-client.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * Issue 31: the back office shows amounts in US$ (what the orders are charged in), while stores think in
 * pesos. The public currency list's rate (the one the shop converts with) gives '$U 4.818' beside them; it
 * is an indication at today's rate, not what was charged.
 */
const PESOS = { code: 'UYU', decimals: 0 } as const;

function ratesQueryOptions() {
  return queryOptions({
    queryKey: ['currencies', 'rates'] as const,
    queryFn: async ({ signal }) => (await apiGet<CurrencyList>('/currencies/', signal)).rates.rates,
    staleTime: 10 * 60_000,
  });
}

/** '$U 4.818' for "120.00" in USD at the rate given; null without a rate or when already in pesos. */
export function pesosText(decimal: string, currency: string, rates: Rates | undefined): string | null {
  if (!rates || currency === PESOS.code) return null;
  const shown = shownIn(parseMoney(decimal), currency, PESOS, rates);
  return shown === null ? null : moneyText(shown, PESOS);
}

/** The rates once loaded (undefined before, or if the list failed: the pesos are then left out). */
export function usePesoRates(): Rates | undefined {
  return useQuery(ratesQueryOptions()).data;
}

/**
 * '$U 4.818,00': pesos the API worked out at the rate of each payment (issue 31, statement-pesos.ts), shown
 * with their cents since they are what the store earned, not an indication.
 */
export function earnedPesosText(decimal: string): string {
  return moneyText(parseMoney(decimal), { code: 'UYU' });
}
