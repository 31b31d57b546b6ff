import { MONTEVIDEO_OFFSET_MS } from '@mandado/shared/montevideo-time';
import type { MerchantAvailability } from '@mandado/shared/store-availability.schemas';

/**
 * The time arithmetic of 'Tu tienda' (issue 18): the pause choices as instants, and the closure's boxes
 * (a day and a time on Montevideo's clock) to and from the API's ISO instants. Montevideo is UTC−3 all year
 * since 2015, as date-text.ts and statements.ts count, so a fixed offset is exact and needs no time-zone data
 * (the owner's phone may be set to any zone; the store works on Montevideo's clock).
 */
const MINUTE_MS = 60 * 1000;

export type PauseChoice = '30m' | '1h' | '2h' | '4h' | 'tomorrow';

/** The choices under 'Pausar ahora', in the order shown; the last reopens at the next day's opening. */
export const PAUSE_CHOICES: ReadonlyArray<{ key: PauseChoice; label: string }> = [
  { key: '30m', label: '30 min' },
  { key: '1h', label: '1 h' },
  { key: '2h', label: '2 h' },
  { key: '4h', label: '4 h' },
  { key: 'tomorrow', label: 'Hasta mañana a las 9:00' },
];

const PAUSE_MINUTES: Readonly<Record<Exclude<PauseChoice, 'tomorrow'>, number>> = {
  '30m': 30,
  '1h': 60,
  '2h': 120,
  '4h': 240,
};

/** The instant a pause chosen at `now` ends, as the API takes it (ISO, UTC). */
export function pauseUntil(choice: PauseChoice, now: Date): string {
  if (choice !== 'tomorrow') return new Date(now.getTime() + PAUSE_MINUTES[choice] * MINUTE_MS).toISOString();
  // The calendar day after today on Montevideo's clock (even at 00:30, 'mañana' is the next date), at 9:00.
  const local = new Date(now.getTime() + MONTEVIDEO_OFFSET_MS);
  const nineLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1, 9, 0);
  return new Date(nineLocal - MONTEVIDEO_OFFSET_MS).toISOString();
}

/** A day and a time as the closure's date and time boxes hold them ("2026-12-24", "18:30"). */
export interface MontevideoLocal {
  date: string;
  time: string;
}

/**
 * The boxes' day and time on Montevideo's clock as an ISO instant; null when either is empty or not a real
 * day (the 30th of February) or time, so the form can say so instead of sending the server a guess.
 */
export function montevideoLocalToIso({ date, time }: MontevideoLocal): string | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const clock = /^(\d{2}):(\d{2})$/.exec(time.trim());
  if (!day || !clock) return null;
  const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]), Number(day[3])];
  const [hours, minutes] = [Number(clock[1]), Number(clock[2])];
  if (hours > 23 || minutes > 59) return null;
  const local = new Date(Date.UTC(year, month - 1, dayOfMonth, hours, minutes));
  // Date.UTC rolls the 30th of February over to March: a day that changed on the way was not a real one.
  if (local.getUTCMonth() !== month - 1 || local.getUTCDate() !== dayOfMonth) return null;
  return new Date(local.getTime() - MONTEVIDEO_OFFSET_MS).toISOString();
}

/** An ISO instant as the day and time boxes show it on Montevideo's clock; empty boxes when unreadable. */
export function isoToMontevideoLocal(iso: string): MontevideoLocal {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return { date: '', time: '' };
  const local = new Date(instant.getTime() + MONTEVIDEO_OFFSET_MS).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/**
 * The pause to send back unchanged with a closure change: the server refuses a pause already over ("Elige
 * una hora de reapertura futura"), so an ended one goes as none, which is what it is.
 */
export function keptPause(
  availability: Pick<MerchantAvailability, 'paused_until'>,
  now: Date,
): string | null {
  const until = availability.paused_until;
  return until !== null && Date.parse(until) > now.getTime() ? until : null;
}

/** The closure to send back unchanged with a pause change; one already over goes as none, like keptPause. */
export function keptClosure(
  availability: Pick<MerchantAvailability, 'closure'>,
  now: Date,
): MerchantAvailability['closure'] {
  const closure = availability.closure;
  return closure !== null && Date.parse(closure.to) > now.getTime() ? closure : null;
}

/** Whether 'Reanudar' applies: a pause still running (a closure may be running too, and stays). */
export function isPausedNow(availability: Pick<MerchantAvailability, 'paused_until'>, now: Date): boolean {
  return keptPause(availability, now) !== null;
}
