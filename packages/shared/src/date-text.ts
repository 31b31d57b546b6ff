import { MONTEVIDEO_OFFSET_MS } from './montevideo-time.ts';

/**
 * The ONE place that turns dates into Spanish text (decision 034), for the web and every e-mail. Always in
 * Montevideo's time (UTC−3 all year since 2015, as delivery-window.ts counts days): the stores and couriers
 * work on it, and a remitter abroad reads the same text as the family member. Written by hand rather than
 * with Intl: Node's and each browser's ICU disagree ("nov." / "nov", "Set." / "sept."), and the e-mail and the
 * page must read alike.
 */

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** Said beside every time we show: a remitter in Madrid reads them, the stores work on Montevideo's. */
export const MONTEVIDEO_TIME_NOTE = 'hora de Montevideo';

/** The instant as Montevideo's wall clock, read through the UTC getters; null when unreadable. */
function montevideo(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : new Date(date.getTime() + MONTEVIDEO_OFFSET_MS);
}

function monthName(date: Date): string {
  return MONTHS[date.getUTCMonth()] ?? '';
}

/** "lunes 23 de noviembre" for an ISO day (YYYY-MM-DD, already a Montevideo day). */
export function dayText(isoDay: string): string {
  const date = new Date(`${isoDay.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDay;
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} de ${monthName(date)}`;
}

/** "Entre el lunes 23 de noviembre y el martes 24 de noviembre" */
export function deliveryWindowText(window: { from: string; to: string }): string {
  return `Entre el ${dayText(window.from)} y el ${dayText(window.to)}`;
}

/**
 * "desde el lunes 23 de noviembre": when a pick-up order can be collected. The store prepares it in the
 * time a courier would take to leave (the delivery window's first day), so the day is the same rule.
 */
export function pickupFromText(window: { from: string }): string {
  return `desde el ${dayText(window.from)}`;
}

/** "22 de noviembre de 2026" (Montevideo). An unreadable date is shown as it came, never "Invalid Date". */
export function dateText(iso: string): string {
  const date = montevideo(iso);
  return date ? `${date.getUTCDate()} de ${monthName(date)} de ${date.getUTCFullYear()}` : iso;
}

/** "22 nov 2026" (Montevideo): lists and ledgers. */
export function shortDateText(iso: string): string {
  const date = montevideo(iso);
  return date ? `${date.getUTCDate()} ${monthName(date).slice(0, 3)} ${date.getUTCFullYear()}` : iso;
}

/** "22 nov 2026, 20:15" (Montevideo, 24 h). */
export function dateTimeText(iso: string): string {
  const date = montevideo(iso);
  if (!date) return iso;
  const time = `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
  return `${shortDateText(iso)}, ${time}`;
}

/** "25 nov 2026, 21:19 (hora de Montevideo)": a time a remitter abroad must act by (a transfer's deadline). */
export function dateTimeWithZoneText(iso: string): string {
  const date = montevideo(iso);
  return date ? `${dateTimeText(iso)} (${MONTEVIDEO_TIME_NOTE})` : iso;
}

/** "15:40" (Montevideo, 24 h). */
function clockText(date: Date): string {
  return `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
}

/** "25 de noviembre a las 15:40" (Montevideo): when an order was handed over. */
export function dayAndTimeText(iso: string): string {
  const date = montevideo(iso);
  return date ? `${date.getUTCDate()} de ${monthName(date)} a las ${clockText(date)}` : iso;
}

/**
 * "lunes 7/12 a las 23:59" (Montevideo): the last minute of a period that ends at `endIso` (exclusive, as the
 * withdrawal deadline is the next local midnight), so the remitter reads the day it still counts (issue 32).
 */
export function lastMinuteBeforeText(endIso: string): string {
  const end = montevideo(endIso);
  if (!end) return endIso;
  const date = new Date(end.getTime() - 60_000);
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()}/${date.getUTCMonth() + 1} a las ${clockText(date)}`;
}

/** "25/11 14:10" (Montevideo): a moment in a short list (delivery attempts). */
export function compactDateTimeText(iso: string): string {
  const date = montevideo(iso);
  if (!date) return iso;
  const day = `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${day} ${clockText(date)}`;
}

/** "27/11 a las 10:31" (Montevideo): when the family answered for an order (issue 29). */
export function dayMonthAndTimeText(iso: string): string {
  const date = montevideo(iso);
  if (!date) return iso;
  const day = `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${day} a las ${clockText(date)}`;
}
