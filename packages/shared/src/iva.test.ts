import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IVA_RATES, ivaBreakdown, ivaIncludedMinor, ivaRateOfStoreKind } from './iva.ts';

describe('IVA included', () => {
  it('is total × rate / (100 + rate), rounded to the cent', () => {
    // $U 122,00 at 22 % carries $U 22,00; $U 110,00 at 10 % carries $U 10,00; exempt carries nothing.
    expect(ivaIncludedMinor(12_200, 22)).toBe(2_200);
    expect(ivaIncludedMinor(11_000, 10)).toBe(1_000);
    expect(ivaIncludedMinor(999, 0)).toBe(0);
    // 1,99 × 22 / 122 = 0,3588… → 0,36
    expect(ivaIncludedMinor(199, 22)).toBe(36);
  });

  it('gives store kinds their default rate, and an unknown kind the basic one', () => {
    expect(ivaRateOfStoreKind('pharmacy')).toBe(10);
    expect(ivaRateOfStoreKind('greengrocer_shop')).toBe(0);
    expect(ivaRateOfStoreKind('toy_store')).toBe(22);
    expect(ivaRateOfStoreKind('something_new')).toBe(22);
  });

  it('adds up to the cent: the parts equal the lines, each line within half a cent of the exact IVA', () => {
    const line = fc.record({
      totalMinor: fc.integer({ min: 0, max: 5_000_000 }),
      rate: fc.constantFrom(...IVA_RATES),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const parts = ivaBreakdown(lines);
        const total = lines.reduce((sum, l) => sum + l.totalMinor, 0);
        expect(parts.reduce((sum, p) => sum + p.netMinor + p.ivaMinor, 0)).toBe(total);
        for (const part of parts) {
          expect(part.netMinor + part.ivaMinor).toBe(part.totalMinor);
          const atRate = lines.filter((l) => l.rate === part.rate);
          expect(part.totalMinor).toBe(atRate.reduce((sum, l) => sum + l.totalMinor, 0));
          expect(
            Math.abs(part.ivaMinor - (part.totalMinor * part.rate) / (100 + part.rate)),
          ).toBeLessThanOrEqual(atRate.length / 2);
        }
        for (const l of lines) {
          expect(
            Math.abs(ivaIncludedMinor(l.totalMinor, l.rate) - (l.totalMinor * l.rate) / (100 + l.rate)),
          ).toBeLessThanOrEqual(0.5);
        }
      }),
    );
  });
});
