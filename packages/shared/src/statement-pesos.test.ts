import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { statementPesos } from './statement-pesos.ts';
import { statementLine } from './statements.ts';

describe('statement pesos (issue 31)', () => {
  it('convert each order at its own rate and add up on every line and in the totals', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            goods: fc.integer({ min: 0, max: 10_000_000 }),
            refunded: fc.integer({ min: 0, max: 10_000_000 }),
            rate: fc.option(fc.integer({ min: 3_000, max: 6_000 }).map((cents) => (cents / 100).toFixed(2))),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        (orders) => {
          const lines = orders.map((order) => ({
            line: statementLine({
              goods: order.goods,
              refunds: Math.min(order.refunded, order.goods),
              shipping: 0,
              commissionRate: 10,
            }),
            rate: order.rate,
          }));
          const pesos = statementPesos(lines, '40.15');
          expect(pesos).not.toBeNull();
          if (!pesos) return;
          expect(pesos.net).toBe(pesos.goods - pesos.refunds - pesos.commission);
          const atPayment = orders.filter((order) => order.rate !== null).length;
          expect(pesos.basis).toBe(
            atPayment === orders.length ? 'payment' : atPayment === 0 ? 'today' : 'mixed',
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('is null when an order has no rate and today’s is unknown', () => {
    const line = statementLine({ goods: 100, refunds: 0, shipping: 0, commissionRate: 10 });
    expect(statementPesos([{ line, rate: null }], null)).toBeNull();
    expect(statementPesos([{ line, rate: '40.00' }], null)).toMatchObject({
      goods: 4000,
      commission: 400,
      net: 3600,
      basis: 'payment',
      rate: '40',
    });
  });

  it('counts goods sold in pesos at their own price, not their dollars converted back', () => {
    const line = statementLine({ goods: 592, refunds: 0, shipping: 0, commissionRate: 10 });
    const kept = {
      goodsPesos: 23_800,
      goodsOtherUsd: 0,
      refundsPesos: 0,
      refundsOtherUsd: 0,
      commissionRate: 10,
    };
    expect(statementPesos([{ line, rate: '40.15', kept }], '41')).toMatchObject({
      goods: 23_800,
      commission: 2380,
      net: 21_420,
      basis: 'payment',
    });
    // Without its own rate an all-peso order needs none: nothing is converted.
    expect(statementPesos([{ line, rate: null, kept }], null)).toMatchObject({
      goods: 23_800,
      basis: 'payment',
    });
  });
});
