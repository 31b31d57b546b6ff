const DAY_MS = 86_400_000;

/** The Monday a week before or after `monday` (YYYY-MM-DD). */
export function shiftWeek(monday: string, weeks: number): string {
  return new Date(Date.parse(`${monday}T12:00:00Z`) + weeks * 7 * DAY_MS).toISOString().slice(0, 10);
}

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

function dayMonth(day: string): string {
  const [, month = '1', date = '1'] = day.split('-');
  return `${Number(date)} ${MONTHS[Number(month) - 1] ?? month}`;
}

/** "17 nov – 23 nov 2026": a week from its Monday to its Sunday. */
export function weekText(monday: string, sunday: string): string {
  return `${dayMonth(monday)} – ${dayMonth(sunday)} ${sunday.slice(0, 4)}`;
}
