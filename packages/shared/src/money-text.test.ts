import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertMinor } from './money.ts';
import {
  blockTexts,
  currencySymbol,
  minusText,
  moneyText,
  numberText,
  shownIn,
  shownLineIn,
  shownMinor,
  type TextCurrency,
  USD,
  usdText,
} from './money-text.ts';
import { priceOrder } from './order-pricing.ts';

const UYU: TextCurrency = { code: 'UYU', symbol: '$U', decimals: 2 };
const CLP: TextCurrency = { code: 'CLP', symbol: 'CL$', decimals: 0 };
const COP: TextCurrency = { code: 'COP', symbol: 'CO$', decimals: 2 };
const EUR: TextCurrency = { code: 'EUR', symbol: '€', decimals: 2 };
const rates = { UYU: '40.15', EUR: '0.86', CLP: '945', COP: '4012.5' };
const CURRENCIES = [USD, UYU, CLP, COP, EUR];

/** Reads a text back to minor units, as a shopper adding the shown figures would. */
function readBack(text: string): number {
  const match = /^([-−]?)[^\d\s]+\s([\d.]+)(?:,(\d{2}))?$/.exec(text);
  if (!match) throw new Error(`Unreadable amount: ${text}`);
  const [, minus, whole = '0', cents = '00'] = match;
  const value = Number(whole.replaceAll('.', '')) * 100 + Number(cents);
  return minus ? -value : value;
}

describe('moneyText', () => {
  it('writes es-UY amounts: dot thousands, comma decimals, the symbol first', () => {
    expect(moneyText(1098, USD)).toBe('US$ 10,98');
    expect(moneyText(125050, UYU)).toBe('$U 1.250,50');
    expect(moneyText(123456789, EUR)).toBe('€ 1.234.567,89');
    expect(moneyText(5, EUR)).toBe('€ 0,05');
    expect(moneyText(-320, USD)).toBe('-US$ 3,20');
  });

  it('writes the dollar as US$ always, even when the currency list says "$"', () => {
    expect(currencySymbol({ code: 'USD', symbol: '$' })).toBe('US$');
    expect(moneyText(200, { code: 'USD', symbol: '$', decimals: 2 })).toBe('US$ 2,00');
    expect(usdText(500)).toBe('US$ 5,00');
  });

  it('shows whole units for currencies whose cents are not in use (CLP, COP, PYG)', () => {
    expect(moneyText(123400, CLP)).toBe('CL$ 1.234');
    expect(moneyText(123450, CLP)).toBe('CL$ 1.235');
    expect(moneyText(99_999_900, COP)).toBe('CO$ 999.999');
    expect(moneyText(700, { code: 'PYG', symbol: '₲' })).toBe('₲ 7');
    expect(shownMinor(123449, CLP)).toBe(123400);
    expect(shownMinor(-150, CLP)).toBe(-200);
  });

  it('writes figures inside a sentence short when whole, with cents otherwise', () => {
    expect(usdText(500, { whole: 'short' })).toBe('US$ 5');
    expect(usdText(8000, { whole: 'short' })).toBe('US$ 80');
    expect(usdText(299, { whole: 'short' })).toBe('US$ 2,99');
    expect(usdText(500_000, { whole: 'short' })).toBe('US$ 5.000');
  });

  it('writes subtractions with a true minus sign', () => {
    expect(minusText(125, USD)).toBe('−US$ 1,25');
    expect(numberText(0, 2)).toBe('0,00');
  });

  it('property: the text is a one-to-one image of the shown amount (two amounts never read alike)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        (currency, minor) => {
          expect(readBack(moneyText(minor, currency))).toBe(shownMinor(minor, currency));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('line totals', () => {
  it('is the shown unit price × quantity (2 × US$ 1,54 reads US$ 3,08, not US$ 3,09)', () => {
    // 62,03 UYU is US$ 1,5449… → US$ 1,54 shown; converting the line's 124,06 UYU gave US$ 3,0899… → 3,09.
    const unit = 6203;
    expect(convertMinor(unit * 2, 'UYU', 'USD', rates)).toBe(309);
    expect(moneyText(shownIn(unit, 'UYU', USD, rates) ?? 0, USD)).toBe('US$ 1,54');
    expect(moneyText(shownLineIn(unit, 2, 'UYU', USD, rates) ?? 0, USD)).toBe('US$ 3,08');
  });

  it('property: a line total text equals the unit text × quantity, in every currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('USD', 'UYU', 'EUR', 'CLP'),
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 1, max: 99 }),
        (from, to, unit, quantity) => {
          const shownUnit = shownIn(unit, from, to, rates);
          const line = shownLineIn(unit, quantity, from, to, rates);
          if (shownUnit === null || line === null) throw new Error('rate missing');
          expect(readBack(moneyText(line, to))).toBe(readBack(moneyText(shownUnit, to)) * quantity);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is null without a rate', () => {
    expect(shownLineIn(100, 2, 'XXX', USD, rates)).toBeNull();
  });
});

describe('store blocks', () => {
  it('property: each block adds up, and the blocks add up to the charged total', () => {
    const line = fc.record({ key: fc.nat(), totalUsd: fc.integer({ min: 1, max: 500_000 }) });
    const store = fc.record({
      storeId: fc.nat(),
      inDeliveryCity: fc.boolean(),
      lines: fc.array(line, { minLength: 1, maxLength: 6 }),
    });
    fc.assert(
      fc.property(
        fc.array(store, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('standard' as const, 'pickup' as const),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (stores, delivery, percent, credit) => {
          const priced = priceOrder({
            stores,
            delivery,
            freeShippingThreshold: 8000,
            coupon: { type: 'discount_percentage', value: percent, minimumPurchase: 0 },
            credit,
          });
          let sumOfBlocks = 0;
          for (const block of priced.stores) {
            const texts = blockTexts(
              {
                goods: block.subtotal,
                shipping: block.shipping,
                discount: block.discount,
                credit: block.credit,
              },
              USD,
            );
            const shown =
              readBack(texts.goods) +
              readBack(texts.shipping) +
              readBack(texts.discount) +
              readBack(texts.credit);
            expect(readBack(texts.total)).toBe(shown);
            sumOfBlocks += readBack(texts.total);
          }
          expect(moneyText(sumOfBlocks, USD)).toBe(usdText(priced.total));
        },
      ),
      { numRuns: 500 },
    );
  });
});
