import { describe, expect, it } from 'vitest';
import { lineBlockedReason, quantityChoices, returnDeadlineText } from './returns-wording.ts';

describe('returns wording', () => {
  it('says the last minute of the period in Montevideo, whatever the machine says', () => {
    // The period ends at Montevideo's midnight between Monday 7 and Tuesday 8 December (03:00 UTC).
    expect(returnDeadlineText('2026-12-08T03:00:00.000Z')).toBe(
      'Puedes pedir la devolución hasta el lunes 7/12 a las 23:59 (hora de Montevideo).',
    );
    // A midnight that ends a year.
    expect(returnDeadlineText('2027-01-01T03:00:00Z')).toContain('jueves 31/12 a las 23:59');
  });

  it('offers 0 up to the units left, and says why a line is not offered', () => {
    expect(quantityChoices(2)).toEqual([0, 1, 2]);
    expect(quantityChoices(0)).toEqual([0]);
    expect(
      lineBlockedReason({ returnable: false, returnableQuantity: 0, notReturnableReason: 'Perecedero' }),
    ).toBe('Perecedero');
    expect(lineBlockedReason({ returnable: true, returnableQuantity: 0, notReturnableReason: null })).toBe(
      'Ya pediste devolver todas las unidades de este producto.',
    );
    expect(
      lineBlockedReason({ returnable: true, returnableQuantity: 1, notReturnableReason: null }),
    ).toBeNull();
  });
});
