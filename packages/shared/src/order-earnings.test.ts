import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderEarnings } from './order-earnings.ts';
import { commissionOf } from './statements.ts';

const line = (overrides: Partial<Parameters<typeof orderEarnings>[0]['lines'][number]> = {}) => ({
  name: 'Yerba 1 kg',
  quantity: 2,
  availableQuantity: null,
  unitPrice: 18_990,
  currency: 'UYU',
  totalUsd: 950,
  substituteUsd: null,
  ...overrides,
});

describe('orderEarnings', () => {
  it('prices the lines in the store currency and takes the statements’ commission', () => {
    const earnings = orderEarnings({
      lines: [line(), line({ name: 'Aceite', quantity: 1, unitPrice: 12_350, totalUsd: 309 })],
      commissionRate: 12.5,
      rejected: false,
    });
    expect(earnings).toMatchObject({ currency: 'UYU', goods: 50_330, notSupplied: 0, subtotal: 50_330 });
    // 12.5 % of $U 503,30 = 62,9125 → 62,91.
    expect(earnings.commission).toBe(6_291);
    expect(earnings.net).toBe(44_039);
  });

  it('leaves out what was not supplied, less what a substitute is worth; a rejection sells nothing', () => {
    const partly = orderEarnings({
      lines: [line({ quantity: 4, availableQuantity: 1, totalUsd: 1_900, substituteUsd: 950 })],
      commissionRate: 10,
      rejected: false,
    });
    // 3 missing units are $U 569,70; the substitute is half the line's US$, $U 379,80.
    expect(partly).toMatchObject({ goods: 75_960, notSupplied: 18_990, subtotal: 56_970, commission: 5_697 });
    const rejected = orderEarnings({ lines: [line()], commissionRate: 10, rejected: true });
    expect(rejected).toMatchObject({ subtotal: 0, commission: 0, net: 0 });
  });

  it('always adds up to the cent: subtotal = commission + net, commission as statements count it', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 99 }),
            unitPrice: fc.integer({ min: 0, max: 5_000_000 }),
            missing: fc.integer({ min: 0, max: 99 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 5000 }),
        (rows, basisPoints) => {
          const lines = rows.map((row) =>
            line({
              quantity: row.quantity,
              unitPrice: row.unitPrice,
              availableQuantity:
                row.missing % (row.quantity + 1) === 0
                  ? null
                  : row.quantity - (row.missing % (row.quantity + 1)),
            }),
          );
          const earnings = orderEarnings({ lines, commissionRate: basisPoints / 100, rejected: false });
          expect(earnings.subtotal).toBe(earnings.commission + earnings.net);
          expect(earnings.commission).toBe(
            commissionOf({
              goods: earnings.goods,
              refunds: earnings.notSupplied,
              shipping: 0,
              commissionRate: basisPoints / 100,
            }),
          );
          expect(earnings.goods).toBe(earnings.lines.reduce((sum, item) => sum + item.total, 0));
        },
      ),
      { numRuns: 200 },
    );
  });
});
