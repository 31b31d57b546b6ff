import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from './staff-messages.ts';
import { ordersCountFrom, storeOrdersCountFrom } from './store-availability.ts';
import { storeHoursInputSchema } from './store-hours.schemas.ts';
import {
  clockMinutes,
  dayHoursProblem,
  dayHoursText,
  nextOpening,
  normalizeWeeklyHours,
  openingHoursLine,
  openRangeAt,
  WEEKDAYS,
  type WeeklyHours,
} from './store-hours.ts';

const CLOSED: WeeklyHours = {
  monday: [],
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: [],
  sunday: [],
};
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

/** An instant from Montevideo's wall clock (UTC−3). 2026-11-25 is a Wednesday. */
const at = (local: string) => new Date(`${local}-03:00`);

describe('clock times', () => {
  it('reads H:MM and HH:MM within a day, and nothing else', () => {
    expect(clockMinutes('9:00')).toBe(540);
    expect(clockMinutes('09:30')).toBe(570);
    expect(clockMinutes('23:59')).toBe(1439);
    for (const bad of ['24:00', '9', '9:5', '12:60', 'mediodía', '', ' 9:00']) {
      expect(clockMinutes(bad)).toBeNull();
    }
  });
});

describe("a day's ranges", () => {
  it('takes one or two ranges, touching ones too, and says why it refuses the rest', () => {
    expect(dayHoursProblem([])).toBeNull();
    expect(dayHoursProblem(SPLIT)).toBeNull();
    expect(
      dayHoursProblem([
        { from: '09:00', to: '13:00' },
        { from: '13:00', to: '20:00' },
      ]),
    ).toBeNull();
    expect(
      dayHoursProblem([
        { from: '16:00', to: '20:00' },
        { from: '09:00', to: '16:30' },
      ]),
    ).toBe(STAFF_MESSAGES.hoursOverlap);
    expect(dayHoursProblem([{ from: '20:00', to: '09:00' }])).toBe(STAFF_MESSAGES.hoursEndBeforeStart);
    expect(dayHoursProblem([{ from: '9:00', to: '9:00' }])).toBe(STAFF_MESSAGES.hoursEndBeforeStart);
    expect(dayHoursProblem([{ from: '9', to: '10:00' }])).toBe(STAFF_MESSAGES.invalidClock);
    expect(dayHoursProblem([...SPLIT, { from: '21:00', to: '22:00' }])).toBe(
      STAFF_MESSAGES.hoursTooManyRanges(2),
    );
  });

  it('keeps the week padded and in order, and refuses one that never opens', () => {
    const parsed = storeHoursInputSchema.parse({
      hours: {
        ...CLOSED,
        saturday: [
          { from: '16:00', to: '20:00' },
          { from: '9:00', to: '13:00' },
        ],
      },
    });
    expect(parsed.hours?.saturday).toEqual(SPLIT);
    expect(storeHoursInputSchema.safeParse({ hours: CLOSED }).error?.issues[0]?.message).toBe(
      STAFF_MESSAGES.hoursNeverOpen,
    );
    expect(storeHoursInputSchema.parse({ hours: null }).hours).toBeNull();
    expect(normalizeWeeklyHours(WEEK)).toEqual(WEEK);
  });

  it('reads a day in words', () => {
    expect(dayHoursText([])).toBe('Cerrado');
    expect(dayHoursText(SPLIT)).toBe('9:00 a 13:00 y 16:00 a 20:00');
  });
});

describe('open now, and the next opening', () => {
  it('is open inside a range (from inclusive, to exclusive)', () => {
    expect(openRangeAt(WEEK, at('2026-11-25T09:00:00'))?.closes).toEqual(at('2026-11-25T13:00:00'));
    expect(openRangeAt(WEEK, at('2026-11-25T12:59:59'))).not.toBeNull();
    expect(openRangeAt(WEEK, at('2026-11-25T13:00:00'))).toBeNull();
    expect(openRangeAt(WEEK, at('2026-11-29T11:00:00'))).toBeNull(); // Sunday
  });

  it('finds the next opening: later today, tomorrow, or after a closed Sunday', () => {
    expect(nextOpening(WEEK, at('2026-11-25T10:00:00'))).toEqual(at('2026-11-25T10:00:00'));
    expect(nextOpening(WEEK, at('2026-11-25T14:00:00'))).toEqual(at('2026-11-25T16:00:00'));
    expect(nextOpening(WEEK, at('2026-11-25T21:00:00'))).toEqual(at('2026-11-26T09:00:00'));
    // Saturday after 13:00: Sunday is closed, Monday 9:00.
    expect(nextOpening(WEEK, at('2026-11-28T13:30:00'))).toEqual(at('2026-11-30T09:00:00'));
    // Open one day a week, just after it closed: the same weekday a week later.
    const wednesdays = { ...CLOSED, wednesday: [{ from: '10:00', to: '11:00' }] };
    expect(nextOpening(wednesdays, at('2026-11-25T11:00:00'))).toEqual(at('2026-12-02T10:00:00'));
  });

  it('never finds an opening before now, and always one inside a range', () => {
    const clock = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([hour, minute]) => hour * 60 + minute);
    const range = fc
      .tuple(clock, clock)
      .filter(([a, b]) => a !== b)
      .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);
    const text = (minutes: number) =>
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const day = fc
      .array(range, { maxLength: 2 })
      .filter((ranges) => dayHoursProblem(ranges.map(([a, b]) => ({ from: text(a), to: text(b) }))) === null)
      .map((ranges) => ranges.map(([a, b]) => ({ from: text(a), to: text(b) })));
    const week = fc
      .tuple(day, day, day, day, day, day, day)
      .map(
        (days) => Object.fromEntries(WEEKDAYS.map((name, index) => [name, days[index] ?? []])) as WeeklyHours,
      )
      .filter((hours) => WEEKDAYS.some((name) => hours[name].length > 0));
    const instant = fc
      .integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2028-01-01T00:00:00Z') })
      .map((ms) => new Date(ms));
    fc.assert(
      fc.property(week, instant, (hours, now) => {
        const opening = nextOpening(hours, now);
        expect(opening.getTime()).toBeGreaterThanOrEqual(now.getTime());
        expect(opening.getTime() - now.getTime()).toBeLessThanOrEqual(8 * 86_400_000);
        expect(openRangeAt(hours, opening)).not.toBeNull();
      }),
      { numRuns: 500 },
    );
  });
});

describe("the shop's line", () => {
  it('says when it closes or opens, in Montevideo time', () => {
    expect(openingHoursLine(null, at('2026-11-25T10:00:00'))).toBeNull();
    expect(openingHoursLine(WEEK, at('2026-11-25T10:00:00'))).toBe('Abierta · cierra a las 13:00');
    expect(openingHoursLine(WEEK, at('2026-11-25T14:00:00'))).toBe('Cerrada · abre hoy a las 16:00');
    expect(openingHoursLine(WEEK, at('2026-11-25T21:00:00'))).toBe('Cerrada · abre mañana a las 9:00');
    expect(openingHoursLine(WEEK, at('2026-11-28T13:30:00'))).toBe('Cerrada · abre el lunes a las 9:00');
    const lateNight = { ...CLOSED, friday: [{ from: '00:30', to: '01:30' }] };
    expect(openingHoursLine(lateNight, at('2026-11-27T00:45:00'))).toBe('Abierta · cierra a la 1:30');
  });
});

describe('the delivery window counts from the next opening', () => {
  const none = { pausedUntil: null, closedFrom: null, closedTo: null, closureNote: '' };

  it('is now when open or without hours, the next opening otherwise, after a pause too', () => {
    const now = at('2026-11-25T21:00:00');
    expect(ordersCountFrom({ state: 'open' }, now)).toEqual(now);
    expect(storeOrdersCountFrom({ ...none, hours: null }, now)).toEqual(now);
    expect(storeOrdersCountFrom({ ...none, hours: WEEK }, at('2026-11-25T10:00:00'))).toEqual(
      at('2026-11-25T10:00:00'),
    );
    expect(storeOrdersCountFrom({ ...none, hours: WEEK }, now)).toEqual(at('2026-11-26T09:00:00'));
    // Paused until Thursday 14:00, which falls between its two ranges: Thursday 16:00.
    expect(
      storeOrdersCountFrom({ ...none, pausedUntil: at('2026-11-26T14:00:00'), hours: WEEK }, now),
    ).toEqual(at('2026-11-26T16:00:00'));
  });
});
