import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openRangeAt, type WeeklyHours } from './store-hours.ts';
import { substitutionDeadline } from './substitution-deadline.ts';

const SPLIT = [
  { from: '09:00', to: '13:00' },
  { from: '16:00', to: '20:00' },
];
/** Monday to Friday 9–13 and 16–20, Saturday 9–13, Sunday closed. */
const WEEK: WeeklyHours = {
  monday: SPLIT,
  tuesday: SPLIT,
  wednesday: SPLIT,
  thursday: SPLIT,
  friday: SPLIT,
  saturday: [{ from: '09:00', to: '13:00' }],
  sunday: [],
};

/** An instant given on Montevideo's clock (UTC−3). 2026-11-23 is a Monday. */
const mvd = (local: string) => new Date(`${local}-03:00`);

describe('substitutionDeadline', () => {
  it('keeps the plain wait for a store with no hours', () => {
    expect(substitutionDeadline(null, mvd('2026-11-23T23:50:00'), 20)).toEqual(mvd('2026-11-24T00:10:00'));
  });

  it('is the plain wait while the store stays open', () => {
    expect(substitutionDeadline(WEEK, mvd('2026-11-23T10:00:00'), 20)).toEqual(mvd('2026-11-23T10:20:00'));
  });

  it('asked 10 minutes before closing, runs out 10 minutes after the next opening', () => {
    expect(substitutionDeadline(WEEK, mvd('2026-11-23T12:50:00'), 20)).toEqual(mvd('2026-11-23T16:10:00'));
    expect(substitutionDeadline(WEEK, mvd('2026-11-23T19:50:00'), 20)).toEqual(mvd('2026-11-24T09:10:00'));
  });

  it('asked while closed, counts from the next opening, across the closed Sunday', () => {
    expect(substitutionDeadline(WEEK, mvd('2026-11-28T14:00:00'), 30)).toEqual(mvd('2026-11-30T09:30:00'));
  });

  it('runs out exactly at closing when the wait ends there', () => {
    expect(substitutionDeadline(WEEK, mvd('2026-11-23T12:40:00'), 20)).toEqual(mvd('2026-11-23T13:00:00'));
  });

  it('never runs out sooner than the plain wait, always within the hours, counting exactly the wait', () => {
    const start = mvd('2026-11-23T00:00:00').getTime();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 14 * 24 * 60 }), fc.integer({ min: 5, max: 120 }), (at, wait) => {
        const askedAt = new Date(start + at * 60_000);
        const deadline = substitutionDeadline(WEEK, askedAt, wait);
        expect(deadline.getTime()).toBeGreaterThanOrEqual(askedAt.getTime() + wait * 60_000);
        // The last minute counted is a minute the store is open.
        expect(openRangeAt(WEEK, new Date(deadline.getTime() - 60_000))).not.toBeNull();
        // Open minutes between the question and the deadline: exactly the wait.
        let open = 0;
        for (let t = askedAt.getTime(); t < deadline.getTime(); t += 60_000) {
          if (openRangeAt(WEEK, new Date(t))) open += 1;
        }
        expect(open).toBe(wait);
      }),
      { numRuns: 60 },
    );
  });
});
