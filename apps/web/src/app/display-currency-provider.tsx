import type { ReactNode } from 'react';
import { useCurrencyState } from '../features/currency/use-currency-state.ts';
import { DisplayCurrencyContext } from '../hooks/use-display-currency.ts';

/** Feeds the shared display-currency context from the currency feature. */
export function DisplayCurrencyProvider({ children }: { children: ReactNode }) {
  const { display } = useCurrencyState();
  return <DisplayCurrencyContext value={display}>{children}</DisplayCurrencyContext>;
}
