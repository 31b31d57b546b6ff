import { describe, expect, it } from 'vitest';
import { priceInputText, priceSymbol, productPriceTexts, stockAfter, stockFigure } from './catalog-text.ts';

describe('productPriceTexts', () => {
  it("writes the store's own currency, the old price beside a discount", () => {
    expect(productPriceTexts({ price: '1250.50', discounted_price: null, currency: 'UYU' })).toEqual({
      current: '$U 1.250,50',
      old: null,
    });
    expect(productPriceTexts({ price: '329.00', discounted_price: '279.00', currency: 'UYU' })).toEqual({
      current: '$U 279,00',
      old: '$U 329,00',
    });
    expect(productPriceTexts({ price: '4790.00', discounted_price: null, currency: 'CLP' }).current).toBe(
      'CLP 4.790',
    );
  });

  it('gives the symbol for the price boxes', () => {
    expect(priceSymbol('UYU')).toBe('$U');
    expect(priceSymbol('USD')).toBe('US$');
  });
});

describe('priceInputText', () => {
  it('shows a stored price the way it is typed back', () => {
    expect(priceInputText('1250.50')).toBe('1250,50');
    expect(priceInputText('1250.00')).toBe('1250');
    expect(priceInputText('0.05')).toBe('0,05');
    expect(priceInputText('1234567.80')).toBe('1234567,80');
  });
});

describe('stockAfter', () => {
  it('adds, subtracts and sets, never below 0 nor above the maximum', () => {
    expect(stockAfter(3, { delta: 1 })).toBe(4);
    expect(stockAfter(3, { delta: -1 })).toBe(2);
    expect(stockAfter(0, { delta: -1 })).toBe(0);
    expect(stockAfter(12, { set: 0 })).toBe(0);
    expect(stockAfter(100_000, { delta: 1 })).toBe(100_000);
  });
});

describe('stockFigure', () => {
  it('writes the figure as the site writes numbers, and its unit', () => {
    expect(stockFigure(0)).toEqual({ figure: '0', unit: 'unidades' });
    expect(stockFigure(1)).toEqual({ figure: '1', unit: 'unidad' });
    expect(stockFigure(1250)).toEqual({ figure: '1.250', unit: 'unidades' });
  });
});
