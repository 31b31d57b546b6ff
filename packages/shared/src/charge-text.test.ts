import { describe, expect, it } from 'vitest';
import { chargeTexts } from './charge-text.ts';

const PESOS = { code: 'UYU', symbol: '$U', decimals: 2, rates: { UYU: '40.15' } };
const DOLLARS = { code: 'USD', symbol: 'US$', decimals: 2, rates: { USD: '1' } };

describe("the checkout's charge line (issue 29)", () => {
  it('gives the rate used and the card charge in dollars', () => {
    expect(chargeTexts(1234, PESOS, 'card')).toEqual({
      rate: '1 US$ = 40,15 $U',
      charge: 'Se cobrará US$ 12,34 en tu tarjeta',
    });
  });

  it('has no rate in dollars, and says how other methods pay', () => {
    expect(chargeTexts(1234, DOLLARS, null)).toEqual({
      rate: null,
      charge: 'Se cobrará US$ 12,34 en tu tarjeta',
    });
    expect(chargeTexts(500, PESOS, 'bank_transfer').charge).toBe('Pagarás US$ 5,00 en dólares');
    expect(chargeTexts(500, PESOS, 'paypal').charge).toBe('Se cobrará US$ 5,00 en PayPal');
  });
});
