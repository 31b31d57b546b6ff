import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commissionOf,
  statementLine,
  statementTotals,
  statementWeekBounds,
  statementWeekOf,
} from './statements.ts';

describe('statement weeks', () => {
  it('run Monday to Sunday in Montevideo', () => {
    // Sunday 29 Nov 2026, 23:30 in Montevideo is Monday 02:30 UTC: still the week of Monday 23 Nov.
    expect(statementWeekOf(new Date('2026-11-30T02:30:00Z'))).toBe('2026-11-23');
    expect(statementWeekOf(new Date('2026-11-30T03:00:00Z'))).toBe('2026-11-30');
    expect(statementWeekBounds('2026-11-23')).toEqual({
      from: new Date('2026-11-23T03:00:00Z'),
      to: new Date('2026-11-30T03:00:00Z'),
    });
  });
});

describe('statement amounts', () => {
  it('take the commission on goods less refunds, half up to the cent', () => {
    expect(commissionOf({ goods: 10_000, refunds: 0, shipping: 300, commissionRate: 10 })).toBe(1000);
    expect(commissionOf({ goods: 1005, refunds: 0, shipping: 0, commissionRate: 10 })).toBe(101);
    expect(commissionOf({ goods: 1000, refunds: 400, shipping: 0, commissionRate: 12.5 })).toBe(75);
    expect(statementLine({ goods: 1000, refunds: 400, shipping: 250, commissionRate: 12.5 }).net).toBe(525);
  });

  it('add up to the cent: goods = refunds + commission + net, for every line and the week', () => {
    const order = fc.record({
      goods: fc.integer({ min: 0, max: 10_000_000 }),
      refunds: fc.integer({ min: 0, max: 10_000_000 }),
      shipping: fc.integer({ min: 0, max: 100_000 }),
      commissionRate: fc.integer({ min: 0, max: 5000 }).map((basisPoints) => basisPoints / 100),
    });
    fc.assert(
      fc.property(fc.array(order, { maxLength: 40 }), (orders) => {
        const valid = orders.map((o) => ({ ...o, refunds: Math.min(o.refunds, o.goods) }));
        const lines = valid.map(statementLine);
        for (const line of lines) {
          expect(line.goods).toBe(line.refunds + line.commission + line.net);
          expect(Number.isInteger(line.commission)).toBe(true);
          expect(line.commission).toBeGreaterThanOrEqual(0);
        }
        const totals = statementTotals(lines);
        expect(totals.goods).toBe(totals.refunds + totals.commission + totals.net);
        expect(totals.commission).toBe(lines.reduce((sum, line) => sum + line.commission, 0));
      }),
      { numRuns: 300 },
    );
  });
});
