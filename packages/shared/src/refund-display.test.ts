import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LineRefundState, lineLeftMinor, unitsRefundMinor } from './line-refunds.ts';
import { convertLine, formatMinorAsDecimal } from './money.ts';
import { displayRefundMinor, rateTextOf, shownRefund, shownRefundText } from './refund-display.ts';

/** A line sold in pesos, charged in dollars at `rate` as the order is priced (money.ts convertLine). */
function pesoLine(unitMinor: number, quantity: number, rate: string) {
  const usd = convertLine(unitMinor, quantity, 'UYU', 'USD', { UYU: rate });
  if (usd === null) throw new Error('no rate');
  return { usd, pesos: unitMinor * quantity, quantity };
}

const rateArb = fc
  .tuple(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 0, max: 99_999_999 }))
  .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(8, '0')}`);
const lineArb = fc.record({
  // From $U 2,00, at least a US$ cent at the highest rate drawn (200,99999999): a line worth less than half a
  // cent is charged nothing and has nothing to give back (the next test says so).
  unitMinor: fc.integer({ min: 200, max: 5_000_000 }),
  quantity: fc.integer({ min: 1, max: 99 }),
});

/** Refunds a line in `steps` (units per step), as the refund flow decides each: dollars, then pesos. */
function refundInSteps(
  line: { usd: number; pesos: number; quantity: number },
  rate: string,
  steps: number[],
) {
  const usd: LineRefundState = {
    paidMinor: line.usd,
    quantity: line.quantity,
    refundedMinor: 0,
    refundedUnits: 0,
  };
  const shown: LineRefundState = { ...usd, paidMinor: line.pesos };
  const refunds: Array<{ usd: number; pesos: number }> = [];
  for (const units of steps) {
    const amountMinor = unitsRefundMinor(usd, units);
    // The refund flow refuses a refund worth nothing (a unit worth less than a cent): nothing is recorded.
    if (amountMinor === 0) continue;
    const pesos = displayRefundMinor({
      amountMinor,
      currency: 'UYU',
      rate,
      left: { usdMinor: lineLeftMinor(usd), displayMinor: lineLeftMinor(shown) },
      units: { usd, display: shown, units },
    });
    const given = Math.min(units, line.quantity - usd.refundedUnits);
    usd.refundedMinor += amountMinor;
    usd.refundedUnits += given;
    shown.refundedMinor += pesos;
    shown.refundedUnits += given;
    refunds.push({ usd: amountMinor, pesos });
  }
  return refunds;
}

describe('a refund in the currency the line was paid in (issue 31)', () => {
  it('refunding every line of an order adds up to the charge, and each line gives back its $U price', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 6 }), rateArb, (lines, rate) => {
        const priced = lines.map((line) => pesoLine(line.unitMinor, line.quantity, rate));
        const charge = priced.reduce((sum, line) => sum + line.usd, 0);
        let refunded = 0;
        for (const line of priced) {
          const [whole] = refundInSteps(line, rate, [line.quantity]);
          refunded += whole?.usd ?? 0;
          expect(whole?.pesos).toBe(line.pesos);
        }
        expect(refunded).toBe(charge);
      }),
      { numRuns: 300 },
    );
  });

  it('units refunded in any steps add up to the line in dollars and in pesos', () => {
    fc.assert(
      fc.property(
        lineArb,
        rateArb,
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 30 }),
        (spec, rate, steps) => {
          const line = pesoLine(spec.unitMinor, spec.quantity, rate);
          const refunds = refundInSteps(line, rate, [...steps, line.quantity]);
          expect(refunds.reduce((sum, refund) => sum + refund.usd, 0)).toBe(line.usd);
          expect(refunds.reduce((sum, refund) => sum + refund.pesos, 0)).toBe(line.pesos);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a line worth less than half a US$ cent is charged nothing and gives nothing back', () => {
    const line = pesoLine(100, 1, '200.00000001');
    expect(line.usd).toBe(0);
    expect(refundInSteps(line, '200.00000001', [1])).toEqual([]);
  });

  it('the reported line: 2 × $U 119,00 at 40,15 is charged US$ 5,92 and refunded as $U 238,00, not $U 237,69', () => {
    const line = pesoLine(11_900, 2, '40.15');
    expect(line.usd).toBe(592);
    const [whole] = refundInSteps(line, '40.15', [2]);
    expect(whole).toEqual({ usd: 592, pesos: 23_800 });
    const shown = shownRefund({ amountMinor: 592, displayMinor: 23_800, currency: 'UYU', rate: '40.15' });
    expect(shownRefundText(shown)).toBe('$U 238,00 (US$ 5,92 al cambio del pago, 1 US$ = 40,15 $U)');
  });

  it('an amount that is not all that is left is converted at the rate, never above what is left', () => {
    const left = { usdMinor: 592, displayMinor: 23_800 };
    const base = { currency: 'UYU', rate: '40.15', units: null };
    expect(displayRefundMinor({ ...base, amountMinor: 100, left })).toBe(4015);
    expect(displayRefundMinor({ ...base, amountMinor: 591, left })).toBe(23_729);
    expect(displayRefundMinor({ ...base, amountMinor: 100, left: { usdMinor: 592, displayMinor: 50 } })).toBe(
      50,
    );
    expect(displayRefundMinor({ ...base, amountMinor: 100, left: null })).toBe(4015);
  });

  it('dollars and older refunds read in dollars alone', () => {
    expect(shownRefund({ amountMinor: 592, displayMinor: null, currency: 'UYU', rate: '40.15' })).toEqual({
      text: 'US$ 5,92',
      chargeText: null,
      rateText: null,
    });
    expect(shownRefund({ amountMinor: 592, displayMinor: 592, currency: 'USD', rate: '1' }).text).toBe(
      'US$ 5,92',
    );
    expect(rateTextOf({ code: 'UYU' }, '40.15000000')).toBe('1 US$ = 40,15 $U');
    expect(formatMinorAsDecimal(23_800)).toBe('238.00');
  });
});
