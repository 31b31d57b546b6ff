import { MONTEVIDEO_OFFSET_MS } from './montevideo-time.ts';

/**
 * Spec §1, §9: couriers deliver in 24 to 48 hours, Monday to Friday. The window the shopper sees is the first
 * and the second working day after the order, in Montevideo's time (UTC−3 all year since 2015).
 */
const DAY_MS = 24 * 60 * 60 * 1000;

function isWeekend(date: Date): boolean {
  const day = date.getUTCDay();
  return day === 0 || day === 6;
}

function nextWorkingDay(date: Date): Date {
  let next = new Date(date.getTime() + DAY_MS);
  while (isWeekend(next)) next = new Date(next.getTime() + DAY_MS);
  return next;
}

/** ISO dates (YYYY-MM-DD, Montevideo) of the earliest and latest delivery day for an order placed at `placedAt`. */
export function deliveryWindow(placedAt: Date): { from: string; to: string } {
  const local = new Date(placedAt.getTime() + MONTEVIDEO_OFFSET_MS);
  const from = nextWorkingDay(local);
  const to = nextWorkingDay(from);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}
