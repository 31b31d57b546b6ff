import type { CurrencyList } from '@mandado/shared/currency.schemas';
import { describe, expect, it } from 'vitest';
import { resolveDisplayCurrency } from './resolve-display-currency.ts';

function currency(code: string, symbol: string) {
  return {
    code,
    currency: code,
    symbol,
    symbol_native: symbol,
    name: code,
    name_plural: code,
    decimal_digits: 2,
    rounding: 0,
    cc: code.slice(0, 2).toLowerCase(),
    val: '1',
  };
}

const list: CurrencyList = {
  results: [currency('USD', '$'), currency('UYU', '$U'), currency('EUR', '€')],
  rates: { base: 'USD', date: '2026-11-20', rates: { USD: '1', UYU: '40.15', EUR: '0.86' } },
};

describe('resolveDisplayCurrency', () => {
  it('derives the currency from the country', () => {
    const display = resolveDisplayCurrency({
      list,
      listFailed: false,
      chosenCode: null,
      countryCode: 'UY',
      countryKnown: true,
    });
    expect(display).toMatchObject({ code: 'UYU', symbol: '$U', ready: true });
    expect(display.rates.UYU).toBe('40.15');
  });

  it('prefers the shopper’s pick and is ready without the country', () => {
    expect(
      resolveDisplayCurrency({
        list,
        listFailed: false,
        chosenCode: 'EUR',
        countryCode: null,
        countryKnown: false,
      }),
    ).toMatchObject({ code: 'EUR', symbol: '€', ready: true });
  });

  it('ignores a pick that is no longer offered', () => {
    expect(
      resolveDisplayCurrency({
        list,
        listFailed: false,
        chosenCode: 'BTC',
        countryCode: 'UY',
        countryKnown: true,
      }),
    ).toMatchObject({ code: 'UYU' });
  });

  it('waits for the country before showing prices', () => {
    expect(
      resolveDisplayCurrency({
        list,
        listFailed: false,
        chosenCode: null,
        countryCode: null,
        countryKnown: false,
      }).ready,
    ).toBe(false);
  });

  it('falls back to USD at rate 1 when the list fails', () => {
    expect(
      resolveDisplayCurrency({
        list: undefined,
        listFailed: true,
        chosenCode: 'EUR',
        countryCode: 'UY',
        countryKnown: true,
      }),
    ).toMatchObject({ code: 'USD', symbol: 'US$', rates: { USD: '1' }, ready: true });
  });

  it('falls back to USD for a country without a listed currency', () => {
    expect(
      resolveDisplayCurrency({
        list,
        listFailed: false,
        chosenCode: null,
        countryCode: 'JP',
        countryKnown: true,
      }),
    ).toMatchObject({ code: 'USD' });
  });
});
