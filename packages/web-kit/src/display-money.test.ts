import { describe, expect, it } from 'vitest';
import { type DisplayCurrency, formatPrice } from './display-money.ts';

const rates = { USD: '1', UYU: '40.15', EUR: '0.86' };
const uyu: DisplayCurrency = { code: 'UYU', symbol: '$U', decimals: 2, rates, ready: true };
const eur: DisplayCurrency = { code: 'EUR', symbol: '€', decimals: 2, rates, ready: true };
// The currency list gives USD the symbol "$"; the site writes "US$" whatever the list says (decision 034).
const usd: DisplayCurrency = { code: 'USD', symbol: '$', decimals: 2, rates, ready: true };
const clp: DisplayCurrency = {
  code: 'CLP',
  symbol: 'CL$',
  decimals: 0,
  rates: { ...rates, CLP: '945' },
  ready: true,
};

describe('formatPrice', () => {
  it('keeps the amount when the product is already in the display currency', () => {
    expect(formatPrice('1250.50', 'UYU', uyu)).toBe('$U 1.250,50');
  });

  it('converts through USD in integer minor units', () => {
    // 80.30 UYU / 40.15 = 2.00 USD → 1.72 EUR
    expect(formatPrice('80.30', 'UYU', eur)).toBe('€ 1,72');
  });

  it('writes dollars as "US$" with their cents, always', () => {
    expect(formatPrice('2.00', 'USD', usd)).toBe('US$ 2,00');
    expect(formatPrice('1.60', 'USD', usd)).toBe('US$ 1,60');
  });

  it('shows whole units for a currency without cents in use', () => {
    // 80.30 UYU → US$ 2,00 → 1.890 CLP
    expect(formatPrice('80.30', 'UYU', clp)).toBe('CL$ 1.890');
    expect(formatPrice('1.99', 'USD', clp)).toBe('CL$ 1.881');
  });

  it('keeps a converted discount visible: the old and the new price never read alike', () => {
    // 80.30 UYU → 2.00 USD and 64.24 UYU → 1.60 USD: "$ 2" beside "$ 2" was the bug of decision 016.
    expect(formatPrice('64.24', 'UYU', usd)).toBe('US$ 1,60');
    expect(formatPrice('80.30', 'UYU', usd)).toBe('US$ 2,00');
  });

  it('falls back to the source currency when a rate is missing', () => {
    expect(formatPrice('10.00', 'GBP', eur)).toBe('GBP 10,00');
  });
});
