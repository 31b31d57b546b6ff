import Holidays from 'date-holidays';
import { MONTEVIDEO_OFFSET_MS } from './montevideo-time.ts';

/**
 * Uruguay's business days (días hábiles), for the consumer's right to withdraw from a distance sale within 5
 * business days of delivery (Ley 17.250, art. 16; issue 32). The holidays come from date-holidays (a kept
 * library with Uruguay's calendar, Easter-based dates included) rather than a list of our own that would
 * need a yearly edit. Not business days: Saturdays, Sundays, the 'public' holidays (the five feriados no
 * laborables, Jueves and Viernes Santo) and all of Carnaval and Semana de Turismo, when offices close. Counting
 * those too only lengthens the window, which is the side of the doubt the law takes for the consumer. The
 * moved 'feriados laborables' (19/4, 18/5, 12/10) are working days. Server-side only: the library carries every
 * country's calendar, so the shop never imports this file (the API sends the deadline).
 */

export const WITHDRAWAL_BUSINESS_DAYS = 5;

const DAY_MS = 24 * 60 * 60 * 1000;
const uruguay = new Holidays('UY');
const closedDaysByYear = new Map<number, Set<string>>();

/** Carnaval and Semana de Turismo are 'observance' in the library but close offices all the same. */
function closesOffices(holiday: { type: string; name: string }): boolean {
  return holiday.type === 'public' || /carnaval|turismo/i.test(holiday.name);
}

function closedDays(year: number): Set<string> {
  const cached = closedDaysByYear.get(year);
  if (cached) return cached;
  const days = new Set<string>();
  for (const holiday of uruguay.getHolidays(year)) {
    if (!closesOffices(holiday)) continue;
    // `date` is the holiday's first local day ('2026-03-30 00:00:00'); a span (Turismo) lasts to `end`.
    const first = Date.parse(`${holiday.date.slice(0, 10)}T00:00:00Z`);
    const length = Math.max(1, Math.round((holiday.end.getTime() - holiday.start.getTime()) / DAY_MS));
    for (let day = 0; day < length; day += 1) {
      days.add(new Date(first + day * DAY_MS).toISOString().slice(0, 10));
    }
  }
  closedDaysByYear.set(year, days);
  return days;
}

/** Whether a Montevideo calendar date (YYYY-MM-DD) is a business day in Uruguay. */
export function isUruguayBusinessDay(isoDate: string): boolean {
  const date = new Date(`${isoDate}T00:00:00Z`);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !closedDays(date.getUTCFullYear()).has(isoDate);
}

/**
 * The instant the right to withdraw ends for goods delivered at `deliveredAt`: the end of the fifth business
 * day after the day of delivery (that day does not count, as in any legal term counted in days), in
 * Montevideo. A request is in time while `now < withdrawalDeadline(deliveredAt)`.
 */
export function withdrawalDeadline(deliveredAt: Date, businessDays = WITHDRAWAL_BUSINESS_DAYS): Date {
  // Midnight UTC of the Montevideo date of delivery, then whole days on that shifted clock.
  const localMidnight = Math.floor((deliveredAt.getTime() + MONTEVIDEO_OFFSET_MS) / DAY_MS) * DAY_MS;
  let day = localMidnight;
  let counted = 0;
  while (counted < businessDays) {
    day += DAY_MS;
    if (isUruguayBusinessDay(new Date(day).toISOString().slice(0, 10))) counted += 1;
  }
  // The end of that local day is the next local midnight, back on the UTC clock.
  return new Date(day + DAY_MS - MONTEVIDEO_OFFSET_MS);
}

/** Whether goods delivered at `deliveredAt` can still be returned at `now`. */
export function withinWithdrawalPeriod(deliveredAt: Date, now: Date): boolean {
  return now.getTime() < withdrawalDeadline(deliveredAt).getTime();
}
