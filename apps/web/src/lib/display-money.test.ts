import { describe, expect, it } from 'vitest';
import { type DisplayCurrency, formatPrice } from './display-money.ts';

const rates = { USD: '1', UYU: '40.15', EUR: '0.86' };
const uyu: DisplayCurrency = { code: 'UYU', symbol: '$U', rates, ready: true };
const eur: DisplayCurrency = { code: 'EUR', symbol: '€', rates, ready: true };
const usd: DisplayCurrency = { code: 'USD', symbol: '$', rates, ready: true };

describe('formatPrice', () => {
  it('keeps the amount when the product is already in the display currency', () => {
    expect(formatPrice('1250.50', 'UYU', uyu)).toBe('$U 1.250,50');
  });

  it('converts through USD in integer minor units', () => {
    // 80.30 UYU / 40.15 = 2.00 USD → 1.72 EUR
    expect(formatPrice('80.30', 'UYU', eur)).toBe('€ 1,72');
  });

  it('shows no decimals for a whole "$" amount and the cents otherwise', () => {
    expect(formatPrice('2.00', 'USD', usd)).toBe('$ 2');
    expect(formatPrice('1.60', 'USD', usd)).toBe('$ 1,60');
  });

  it('keeps a converted discount visible: the old and the new price never read alike', () => {
    // 80.30 UYU → 2.00 USD and 64.24 UYU → 1.60 USD: "$ 2" beside "$ 2" was the bug.
    expect(formatPrice('64.24', 'UYU', usd)).toBe('$ 1,60');
    expect(formatPrice('80.30', 'UYU', usd)).toBe('$ 2');
  });

  it('falls back to the source currency when a rate is missing', () => {
    expect(formatPrice('10.00', 'GBP', eur)).toBe('GBP 10,00');
  });
});
