import type { Rates } from './money.ts';
import { rateText, type TextCurrency, usdText } from './money-text.ts';

export type ChargeMethod = 'card' | 'paypal' | 'bank_transfer' | 'cash_deposit';

/**
 * Under the total from the cart onwards (issue 29; the cart, then every checkout step): the rate the shown
 * total used ('1 US$ = 40,15 $U', none in dollars) and what is really charged, always in dollars ('Se cobrará
 * US$ 12,34 en tu tarjeta'). Before a method is chosen (the cart, the first steps) it reads as the card's.
 */
export function chargeTexts(
  totalUsdMinor: number,
  display: TextCurrency & { rates: Rates },
  method: ChargeMethod | null,
): { rate: string | null; charge: string } {
  const usd = usdText(totalUsdMinor);
  const charge =
    method === 'paypal'
      ? `Se cobrará ${usd} en PayPal`
      : method === 'bank_transfer' || method === 'cash_deposit'
        ? `Pagarás ${usd} en dólares`
        : `Se cobrará ${usd} en tu tarjeta`;
  return { rate: rateText(display, display.rates), charge };
}
