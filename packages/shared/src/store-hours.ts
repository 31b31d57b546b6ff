import { MONTEVIDEO_OFFSET_MS } from './montevideo-time.ts';
import { STAFF_MESSAGES } from './staff-messages.ts';

/**
 * A store's opening hours per weekday (issue 18, decision 047), on Montevideo's clock: each day closed (no
 * range) or one or two ranges such as 09:00–13:00 and 16:00–20:00. No hours at all (null) is "always open".
 * Hours never stop an order (deliveries are next-day and remitters live in other time zones): they tell the
 * shopper when the store works, and the delivery window counts from the next opening.
 */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Readonly<Record<Weekday, string>> = {
  monday: 'Lunes',
  tuesday: 'Martes',
  wednesday: 'Miércoles',
  thursday: 'Jueves',
  friday: 'Viernes',
  saturday: 'Sábado',
  sunday: 'Domingo',
};

/** Monday to Friday: what 'Copiar a todos los días hábiles' fills. */
export const WORKING_DAYS: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

export const MAX_RANGES_PER_DAY = 2;

/** From (inclusive) to (exclusive), 'HH:MM' on Montevideo's clock, within one day. */
export interface HoursRange {
  from: string;
  to: string;
}
export type WeeklyHours = Record<Weekday, HoursRange[]>;

const DAY_MS = 24 * 60 * 60 * 1000;
const CLOCK = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight of 'H:MM' or 'HH:MM' (00:00–23:59), or null when it is no time of day. */
export function clockMinutes(value: string): number | null {
  const match = CLOCK.exec(value);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** 'HH:MM' with the leading zero the time inputs and the database keep. */
export function padClock(value: string): string {
  const minutes = clockMinutes(value);
  if (minutes === null) return value;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** '9:00', '20:00': how a time reads in a sentence (no leading zero on the hour). */
export function clockText(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 'a las 9:00', but 'a la 1:00' (la una). */
function atClockText(minutes: number): string {
  return `${Math.floor(minutes / 60) === 1 ? 'a la' : 'a las'} ${clockText(minutes)}`;
}

/**
 * Why one day's ranges cannot be kept, or null: a bad time, an end not after its start, overlapping ranges
 * (touching ones are fine: 9–13 and 13–20) or more than MAX_RANGES_PER_DAY.
 */
export function dayHoursProblem(ranges: readonly HoursRange[]): string | null {
  if (ranges.length > MAX_RANGES_PER_DAY) return STAFF_MESSAGES.hoursTooManyRanges(MAX_RANGES_PER_DAY);
  const spans: Array<[number, number]> = [];
  for (const range of ranges) {
    const from = clockMinutes(range.from);
    const to = clockMinutes(range.to);
    if (from === null || to === null) return STAFF_MESSAGES.invalidClock;
    if (to <= from) return STAFF_MESSAGES.hoursEndBeforeStart;
    spans.push([from, to]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  for (let index = 1; index < spans.length; index++) {
    const previous = spans[index - 1];
    const current = spans[index];
    if (previous && current && current[0] < previous[1]) return STAFF_MESSAGES.hoursOverlap;
  }
  return null;
}

/** Every day's problem, keyed by day; an empty object when the week can be kept. */
export function weeklyHoursProblems(hours: WeeklyHours): Partial<Record<Weekday, string>> {
  const problems: Partial<Record<Weekday, string>> = {};
  for (const day of WEEKDAYS) {
    const problem = dayHoursProblem(hours[day]);
    if (problem) problems[day] = problem;
  }
  return problems;
}

/** A week with no range at all would never open: the schema refuses it (a closure is the tool for that). */
export function opensSomeDay(hours: WeeklyHours): boolean {
  return WEEKDAYS.some((day) => hours[day].length > 0);
}

/** The week as it is kept: times padded, each day's ranges in order. */
export function normalizeWeeklyHours(hours: WeeklyHours): WeeklyHours {
  const week = {} as WeeklyHours;
  for (const day of WEEKDAYS) {
    week[day] = hours[day]
      .map((range) => ({ from: padClock(range.from), to: padClock(range.to) }))
      .sort((a, b) => a.from.localeCompare(b.from));
  }
  return week;
}

/** The weekday of a Montevideo-local day start (getUTCDay: 0 is Sunday). */
function weekdayOf(localMs: number): Weekday {
  const index = (new Date(localMs).getUTCDay() + 6) % 7;
  return WEEKDAYS[index] ?? 'monday';
}

interface Opening {
  /** Montevideo-local milliseconds (an instant plus MONTEVIDEO_OFFSET_MS) of the range's start and end. */
  start: number;
  end: number;
}

/** The ranges from the start of `local`'s day on, for eight days (a store open one day a week included). */
function* openingsFrom(hours: WeeklyHours, local: number): Generator<Opening> {
  const today = Math.floor(local / DAY_MS) * DAY_MS;
  for (let offset = 0; offset <= 7; offset++) {
    const dayStart = today + offset * DAY_MS;
    const spans = hours[weekdayOf(dayStart)]
      .map((range) => [clockMinutes(range.from), clockMinutes(range.to)] as const)
      .filter((span): span is readonly [number, number] => span[0] !== null && span[1] !== null)
      .sort((a, b) => a[0] - b[0]);
    for (const [from, to] of spans) {
      yield { start: dayStart + from * 60_000, end: dayStart + to * 60_000 };
    }
  }
}

/** The range the store is in at `at`, as instants, or null when it is outside its hours. */
export function openRangeAt(hours: WeeklyHours, at: Date): { opens: Date; closes: Date } | null {
  const local = at.getTime() + MONTEVIDEO_OFFSET_MS;
  for (const opening of openingsFrom(hours, local)) {
    if (opening.start > local) break;
    if (local < opening.end) {
      return {
        opens: new Date(opening.start - MONTEVIDEO_OFFSET_MS),
        closes: new Date(opening.end - MONTEVIDEO_OFFSET_MS),
      };
    }
  }
  return null;
}

/**
 * The first moment at or after `at` when the store is within its hours: `at` itself when open then, else the
 * start of the next range. A week with no range (refused when saved) gives `at`: nothing to wait for.
 */
export function nextOpening(hours: WeeklyHours, at: Date): Date {
  const local = at.getTime() + MONTEVIDEO_OFFSET_MS;
  for (const opening of openingsFrom(hours, local)) {
    if (opening.start <= local && local < opening.end) return at;
    if (opening.start > local) return new Date(opening.start - MONTEVIDEO_OFFSET_MS);
  }
  return at;
}

/** Whole Montevideo days between two instants' days (0: the same day). */
function daysBetween(from: Date, to: Date): number {
  const day = (date: Date) => Math.floor((date.getTime() + MONTEVIDEO_OFFSET_MS) / DAY_MS);
  return day(to) - day(from);
}

function minutesOfDay(date: Date): number {
  const local = date.getTime() + MONTEVIDEO_OFFSET_MS;
  return Math.floor((local - Math.floor(local / DAY_MS) * DAY_MS) / 60_000);
}

/**
 * The shop's line under the store's name: 'Abierta · cierra a las 20:00', 'Cerrada · abre hoy a las 16:00',
 * 'Cerrada · abre mañana a las 9:00' or 'Cerrada · abre el lunes a las 9:00'; null without hours.
 */
export function openingHoursLine(hours: WeeklyHours | null, now: Date): string | null {
  if (!hours || !opensSomeDay(hours)) return null;
  const open = openRangeAt(hours, now);
  if (open) return `Abierta · cierra ${atClockText(minutesOfDay(open.closes))}`;
  const opens = nextOpening(hours, now);
  const days = daysBetween(now, opens);
  const day =
    days === 0
      ? 'hoy'
      : days === 1
        ? 'mañana'
        : `el ${WEEKDAY_LABELS[weekdayOf(opens.getTime() + MONTEVIDEO_OFFSET_MS)].toLowerCase()}`;
  return `Cerrada · abre ${day} ${atClockText(minutesOfDay(opens))}`;
}

/** One day's hours in words for the shop's week list: 'Cerrado', '9:00 a 13:00 y 16:00 a 20:00'. */
export function dayHoursText(ranges: readonly HoursRange[]): string {
  if (ranges.length === 0) return 'Cerrado';
  return ranges
    .map((range) => {
      const from = clockMinutes(range.from);
      const to = clockMinutes(range.to);
      return from === null || to === null
        ? `${range.from} a ${range.to}`
        : `${clockText(from)} a ${clockText(to)}`;
    })
    .join(' y ');
}
