import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isUruguayBusinessDay,
  WITHDRAWAL_BUSINESS_DAYS,
  withdrawalDeadline,
  withinWithdrawalPeriod,
} from './business-days.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Montevideo calendar date of an instant (UTC−3 all year). */
function montevideoDate(instant: Date): string {
  return new Date(instant.getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

describe('Uruguay business days', () => {
  it('closes weekends, the feriados no laborables, Carnaval and all of Semana de Turismo', () => {
    for (const closed of [
      '2026-11-28', // Saturday
      '2026-11-29', // Sunday
      '2026-12-25', // Navidad
      '2027-01-01', // Año Nuevo
      '2026-05-01',
      '2026-07-18',
      '2026-08-25',
      '2026-02-16', // Carnaval, Monday and Tuesday
      '2026-02-17',
      '2026-03-30', // Semana de Turismo, Monday to Friday
      '2026-04-01',
      '2026-04-03',
      '2027-03-22',
    ]) {
      expect(isUruguayBusinessDay(closed), closed).toBe(false);
    }
  });

  it('keeps the moved feriados laborables and ordinary weekdays open', () => {
    for (const open of ['2026-11-27', '2026-11-30', '2026-10-12', '2026-05-18', '2026-12-24', '2026-12-31']) {
      expect(isUruguayBusinessDay(open), open).toBe(true);
    }
  });
});

describe('withdrawalDeadline (Ley 17.250, art. 16)', () => {
  it('ends with the fifth business day after delivery, in Montevideo', () => {
    // Delivered Friday 27/11 at 10:31 in Montevideo: Monday 30/11 to Friday 4/12 count.
    const delivered = new Date('2026-11-27T13:31:00Z');
    expect(withdrawalDeadline(delivered).toISOString()).toBe('2026-12-05T03:00:00.000Z');
    expect(withinWithdrawalPeriod(delivered, new Date('2026-12-05T02:59:59Z'))).toBe(true);
    expect(withinWithdrawalPeriod(delivered, new Date('2026-12-05T03:00:00Z'))).toBe(false);
  });

  it('counts the day by Montevideo’s clock, not UTC’s', () => {
    // 22:30 on Friday in Montevideo is already Saturday in UTC: the day of delivery is still Friday.
    expect(withdrawalDeadline(new Date('2026-11-28T01:30:00Z')).toISOString()).toBe(
      '2026-12-05T03:00:00.000Z',
    );
  });

  it('skips Christmas, New Year and Semana de Turismo', () => {
    // Delivered Wednesday 23/12: 24, 28, 29, 30, 31 (25 is Navidad, 26–27 a weekend).
    expect(montevideoDate(new Date(withdrawalDeadline(new Date('2026-12-23T15:00:00Z')).getTime() - 1))).toBe(
      '2026-12-31',
    );
    // Delivered Friday 27/3/2026: Turismo (30/3–3/4) closes a week, so 6–10 April count.
    expect(montevideoDate(new Date(withdrawalDeadline(new Date('2026-03-27T15:00:00Z')).getTime() - 1))).toBe(
      '2026-04-10',
    );
  });

  it('always leaves exactly five business days after the day of delivery, and never shrinks for a later delivery', () => {
    const instants = fc.date({
      min: new Date('2025-01-01T00:00:00Z'),
      max: new Date('2030-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instants, fc.integer({ min: 0, max: 40 * DAY_MS }), (delivered, later) => {
        const deadline = withdrawalDeadline(delivered);
        const lastDay = montevideoDate(new Date(deadline.getTime() - 1));
        expect(isUruguayBusinessDay(lastDay)).toBe(true);
        let counted = 0;
        for (
          let day = deadline.getTime() - 1;
          montevideoDate(new Date(day)) > montevideoDate(delivered);
          day -= DAY_MS
        ) {
          if (isUruguayBusinessDay(montevideoDate(new Date(day)))) counted += 1;
        }
        expect(counted).toBe(WITHDRAWAL_BUSINESS_DAYS);
        // Five business days are at least a week and, with Turismo and a weekend, never more than three.
        expect(deadline.getTime() - delivered.getTime()).toBeGreaterThan(5 * DAY_MS);
        expect(deadline.getTime() - delivered.getTime()).toBeLessThan(21 * DAY_MS);
        expect(withdrawalDeadline(new Date(delivered.getTime() + later)).getTime()).toBeGreaterThanOrEqual(
          deadline.getTime(),
        );
      }),
      { numRuns: 300 },
    );
  });
});
