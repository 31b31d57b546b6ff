import { MONTEVIDEO_OFFSET_MS } from './montevideo-time.ts';
import { clockMinutes, opensSomeDay, WEEKDAYS, type WeeklyHours } from './store-hours.ts';

/**
 * When a substitution question's wait runs out (issue 29 item 1, decision 073): the store's wait time counts
 * only within its opening hours, on Montevideo's clock. A question asked 10 minutes before closing with a
 * 20-minute wait runs out 10 minutes after the next opening, so a remitter abroad is never decided for while
 * the store is closed and nobody could act on the answer anyway. Pure, without zod: the API and the tests
 * read it.
 */

/** The owner's bounds for the wait (issue 29: default 20 minutes). */
export const SUBSTITUTION_WAIT_MINUTES_MIN = 5;
export const SUBSTITUTION_WAIT_MINUTES_MAX = 120;

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How far ahead the count looks: a store open one short range a week still fits a 120-minute wait in well
 * under this; past it (never with a week the schema accepts) the plain wait applies.
 */
const HORIZON_DAYS = 400;

/** The weekday of a Montevideo-local day start (getUTCDay: 0 is Sunday). */
function weekdayIndex(localDayStart: number): number {
  return (new Date(localDayStart).getUTCDay() + 6) % 7;
}

/**
 * The instant the wait of `waitMinutes` started at `askedAt` runs out, counting only minutes within `hours`.
 * A store with no hours (null) or a week with no range keeps the plain wait: `askedAt` + the minutes.
 */
export function substitutionDeadline(hours: WeeklyHours | null, askedAt: Date, waitMinutes: number): Date {
  const plain = new Date(askedAt.getTime() + waitMinutes * 60_000);
  if (!hours || !opensSomeDay(hours) || waitMinutes <= 0) return plain;
  let remaining = waitMinutes * 60_000;
  const local = askedAt.getTime() + MONTEVIDEO_OFFSET_MS;
  const today = Math.floor(local / DAY_MS) * DAY_MS;
  for (let offset = 0; offset < HORIZON_DAYS; offset++) {
    const dayStart = today + offset * DAY_MS;
    const day = WEEKDAYS[weekdayIndex(dayStart)] ?? 'monday';
    const spans = hours[day]
      .map((range) => [clockMinutes(range.from), clockMinutes(range.to)] as const)
      .filter((span): span is readonly [number, number] => span[0] !== null && span[1] !== null)
      .sort((a, b) => a[0] - b[0]);
    for (const [from, to] of spans) {
      const start = Math.max(dayStart + from * 60_000, local);
      const end = dayStart + to * 60_000;
      if (end <= start) continue;
      if (remaining <= end - start) return new Date(start + remaining - MONTEVIDEO_OFFSET_MS);
      remaining -= end - start;
    }
  }
  return plain;
}
