import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUruguayBusinessDay, withdrawalDeadline } from './business-days.ts';

// The returns' window (issue 32 item 1, decision 076): properties of withdrawalDeadline as the returns API
// uses it, beside business-days.test.ts's own. Montevideo is UTC−3 all year.
const DAY_MS = 24 * 60 * 60 * 1000;
const OFFSET_MS = 3 * 60 * 60 * 1000;

/** The Montevideo calendar date of an instant. */
function localDate(instant: number): string {
  return new Date(instant - OFFSET_MS).toISOString().slice(0, 10);
}

/** The last day of the window: the local day that ends at the deadline. */
function lastDay(deadline: Date): string {
  return localDate(deadline.getTime() - 1);
}

/** Local days after the delivery day up to and including the window's last day. */
function daysAfter(delivered: Date, deadline: Date): string[] {
  const days: string[] = [];
  const start = Date.parse(`${localDate(delivered.getTime())}T00:00:00Z`);
  const end = lastDay(deadline);
  for (let day = start + DAY_MS; ; day += DAY_MS) {
    const iso = new Date(day).toISOString().slice(0, 10);
    days.push(iso);
    if (iso >= end) return days;
  }
}

function isWeekend(isoDate: string): boolean {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

const deliveries = fc.date({
  min: new Date('2025-01-01T00:00:00Z'),
  max: new Date('2031-12-31T00:00:00Z'),
  noInvalidDate: true,
});

describe('the withdrawal window (properties)', () => {
  it('ends at a Montevideo midnight, the end of a business day', () => {
    fc.assert(
      fc.property(deliveries, (delivered) => {
        const deadline = withdrawalDeadline(delivered);
        expect((deadline.getTime() - OFFSET_MS) % DAY_MS).toBe(0);
        expect(isUruguayBusinessDay(lastDay(deadline))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('is never shorter than 5 days plus the weekends it spans; every other day it adds is a holiday', () => {
    fc.assert(
      fc.property(deliveries, (delivered) => {
        const deadline = withdrawalDeadline(delivered);
        const days = daysAfter(delivered, deadline);
        const weekends = days.filter(isWeekend).length;
        const closed = days.filter((day) => !isUruguayBusinessDay(day));
        expect(days.length).toBeGreaterThanOrEqual(5 + weekends);
        expect(days.length).toBe(5 + closed.length);
        // Whatever is closed and no weekend is a holiday (or Carnaval, Turismo), and only those lengthen it.
        const holidays = closed.filter((day) => !isWeekend(day));
        expect(days.length).toBe(5 + weekends + holidays.length);
        // Never before the delivery's day plus five whole days.
        expect(deadline.getTime() - delivered.getTime()).toBeGreaterThan(5 * DAY_MS);
      }),
      { numRuns: 300 },
    );
  });

  it('counts the day of delivery by Montevideo’s clock: 23:59 and 00:00 local are different days', () => {
    fc.assert(
      fc.property(deliveries, (instant) => {
        // Midnight in Montevideo of that day, then one minute before and the minute itself.
        const midnight = Date.parse(`${localDate(instant.getTime())}T00:00:00Z`) + OFFSET_MS;
        const before = withdrawalDeadline(new Date(midnight - 60_000));
        const at = withdrawalDeadline(new Date(midnight));
        expect(at.getTime()).toBeGreaterThanOrEqual(before.getTime());
        // The same local day always gives the same deadline, whatever the hour.
        expect(withdrawalDeadline(new Date(midnight + 23 * 60 * 60 * 1000)).getTime()).toBe(at.getTime());
      }),
      { numRuns: 200 },
    );
  });
});

describe('the withdrawal window (fixed dates)', () => {
  // [delivered (UTC), the window's last day in Montevideo]
  const cases: Array<[string, string, string]> = [
    ['1 May (Friday) and a weekend', '2026-04-30T15:00:00Z', '2026-05-08'],
    ['25 de Agosto (Tuesday)', '2026-08-21T15:00:00Z', '2026-08-31'],
    ['Carnaval 2027 (Monday 8 and Tuesday 9 February)', '2027-02-05T15:00:00Z', '2027-02-16'],
    ['Semana de Turismo 2027 (22–26 March)', '2027-03-18T15:00:00Z', '2027-04-01'],
    ['Christmas 2027 on a Saturday', '2027-12-23T15:00:00Z', '2027-12-30'],
    ['Christmas and New Year 2026', '2026-12-23T15:00:00Z', '2026-12-31'],
    ['an ordinary week', '2026-11-23T15:00:00Z', '2026-11-30'],
    ['a delivery at 23:30 on Friday in Montevideo (Saturday in UTC)', '2026-11-28T02:30:00Z', '2026-12-04'],
  ];
  for (const [name, delivered, last] of cases) {
    it(name, () => {
      const deadline = withdrawalDeadline(new Date(delivered));
      expect(lastDay(deadline)).toBe(last);
      expect(deadline.toISOString()).toBe(
        new Date(Date.parse(`${last}T00:00:00Z`) + DAY_MS + OFFSET_MS).toISOString(),
      );
    });
  }
});
