import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type LineRefundState,
  lineLeftMinor,
  lineLeftUnits,
  linePaidMinor,
  unitsRefundMinor,
} from './line-refunds.ts';

const fresh = (paidMinor: number, quantity: number): LineRefundState => ({
  paidMinor,
  quantity,
  refundedMinor: 0,
  refundedUnits: 0,
});

describe('line refunds', () => {
  it('caps a line by what was paid for it less what was refunded for it', () => {
    expect(linePaidMinor(1258, 74)).toBe(1184);
    expect(lineLeftMinor({ ...fresh(1184, 2), refundedMinor: 1184 })).toBe(0);
    expect(lineLeftUnits({ ...fresh(1184, 2), refundedMinor: 1184 })).toBe(0);
    expect(lineLeftMinor({ ...fresh(1184, 2), refundedMinor: 592, refundedUnits: 1 })).toBe(592);
    expect(lineLeftUnits({ ...fresh(1184, 2), refundedMinor: 592, refundedUnits: 1 })).toBe(1);
  });

  it('shares the cents out so the units add up to the paid total', () => {
    // US$ 10,00 for 3 units: 3,33 + 3,33 + 3,34.
    const line = fresh(1000, 3);
    expect(unitsRefundMinor(line, 1)).toBe(333);
    expect(unitsRefundMinor({ ...line, refundedMinor: 333, refundedUnits: 1 }, 1)).toBe(333);
    expect(unitsRefundMinor({ ...line, refundedMinor: 666, refundedUnits: 2 }, 1)).toBe(334);
    expect(unitsRefundMinor(line, 3)).toBe(1000);
  });

  it('gives nothing for a refunded line, zero units or more units than are left (capped)', () => {
    expect(unitsRefundMinor({ ...fresh(1184, 2), refundedMinor: 1184 }, 1)).toBe(0);
    expect(unitsRefundMinor(fresh(1184, 2), 0)).toBe(0);
    expect(unitsRefundMinor(fresh(1184, 2), 1.5)).toBe(0);
    expect(unitsRefundMinor(fresh(1184, 2), 5)).toBe(1184);
    // An earlier refund of an amount leaves less than the units' share: the cap wins.
    expect(unitsRefundMinor({ ...fresh(1000, 2), refundedMinor: 900 }, 1)).toBe(100);
  });

  it('never gives back more than was paid, and exactly that once every unit is refunded', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 99 }),
        fc.array(
          fc.oneof(
            fc.record({ units: fc.integer({ min: 1, max: 99 }) }),
            fc.record({ amount: fc.integer({ min: 1, max: 5_000_000 }) }),
          ),
          { maxLength: 12 },
        ),
        (paidMinor, quantity, steps) => {
          const line = fresh(paidMinor, quantity);
          let onlyUnits = true;
          for (const step of steps) {
            const left = lineLeftMinor(line);
            if ('units' in step) {
              const given = unitsRefundMinor(line, step.units);
              expect(given).toBeGreaterThanOrEqual(0);
              expect(given).toBeLessThanOrEqual(left);
              if (given > 0 || lineLeftUnits(line) > 0) {
                line.refundedUnits += Math.min(step.units, lineLeftUnits(line));
              }
              line.refundedMinor += given;
            } else {
              onlyUnits = false;
              line.refundedMinor += Math.min(step.amount, left);
            }
            expect(line.refundedMinor).toBeLessThanOrEqual(paidMinor);
          }
          // Whatever came before, refunding what units are left gives back exactly what is left.
          const rest = lineLeftUnits(line);
          if (rest > 0) line.refundedMinor += unitsRefundMinor(line, rest);
          if (onlyUnits || rest > 0) expect(line.refundedMinor).toBe(paidMinor);
        },
      ),
    );
  });

  it('gives each unit of a line refunded one by one its floor or ceiling share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 99 }),
        (paid, quantity) => {
          const line = fresh(paid, quantity);
          for (let unit = 0; unit < quantity; unit += 1) {
            const given = unitsRefundMinor(line, 1);
            expect(given === Math.floor(paid / quantity) || given === Math.ceil(paid / quantity)).toBe(true);
            line.refundedMinor += given;
            line.refundedUnits += 1;
          }
          expect(line.refundedMinor).toBe(paid);
        },
      ),
    );
  });
});
