import { type DisplayCurrency, FALLBACK_DISPLAY_CURRENCY } from '@mandado/web-kit/display-money.ts';
import { createContext, useContext } from 'react';

/**
 * The shopper's display currency. The app layer provides it from the currency feature, so catalog, search
 * and footer can show prices without importing that feature.
 */
export const DisplayCurrencyContext = createContext<DisplayCurrency>(FALLBACK_DISPLAY_CURRENCY);

export function useDisplayCurrency(): DisplayCurrency {
  return useContext(DisplayCurrencyContext);
}
