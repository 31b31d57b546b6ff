import { describe, expect, it } from 'vitest';
import { deliveryWindowText } from './date-text.ts';
import { deliveryWindow } from './delivery-window.ts';

describe('deliveryWindow (24–48 h, Monday to Friday, Montevideo time)', () => {
  it('gives the next two working days', () => {
    // Tuesday 10:00 in Montevideo
    expect(deliveryWindow(new Date('2026-11-24T13:00:00Z'))).toEqual({
      from: '2026-11-25',
      to: '2026-11-26',
    });
  });
  it('skips the weekend', () => {
    // Friday → Monday and Tuesday; Saturday → Monday and Tuesday
    expect(deliveryWindow(new Date('2026-11-27T15:00:00Z'))).toEqual({
      from: '2026-11-30',
      to: '2026-12-01',
    });
    expect(deliveryWindow(new Date('2026-11-28T15:00:00Z'))).toEqual({
      from: '2026-11-30',
      to: '2026-12-01',
    });
  });
  it('uses Montevideo’s date, not UTC’s', () => {
    // Saturday 01:00 UTC is still Friday 22:00 in Montevideo
    expect(deliveryWindow(new Date('2026-11-28T01:00:00Z'))).toEqual({
      from: '2026-11-30',
      to: '2026-12-01',
    });
  });
  it('reads in Spanish', () => {
    expect(deliveryWindowText({ from: '2026-11-30', to: '2026-12-01' })).toBe(
      'Entre el lunes 30 de noviembre y el martes 1 de diciembre',
    );
  });
});
