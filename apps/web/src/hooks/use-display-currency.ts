import { createContext, useContext } from 'react';
import { type DisplayCurrency, FALLBACK_DISPLAY_CURRENCY } from '../lib/display-money.ts';

/**
 * The shopper's display currency. The app layer provides it from the currency feature, so catalog, search
 * and footer can show prices without importing that feature.
 */
export const DisplayCurrencyContext = createContext<DisplayCurrency>(FALLBACK_DISPLAY_CURRENCY);

export function useDisplayCurrency(): DisplayCurrency {
  return useContext(DisplayCurrencyContext);
}
