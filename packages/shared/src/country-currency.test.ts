import { describe, expect, it } from 'vitest';
import { currencyForCountry } from './country-currency.ts';

describe('currencyForCountry', () => {
  const available = ['UYU', 'USD', 'EUR'];

  it('derives the currency from the country', () => {
    expect(currencyForCountry('UY', available)).toBe('UYU');
    expect(currencyForCountry('es', available)).toBe('EUR');
  });

  it('falls back to USD when the country is unknown or its currency has no rate', () => {
    expect(currencyForCountry('JP', available)).toBe('USD');
    expect(currencyForCountry('AR', available)).toBe('USD');
  });
});
