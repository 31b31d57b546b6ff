import { deliveryWindow } from './delivery-window.ts';
import { MONTEVIDEO_OFFSET_MS } from './montevideo-time.ts';
import type { StoreOrderStatus } from './order-status.ts';

/**
 * 'Late' (issue 19, decision 065): a paid store order not handed over by the end of its delivery window (the
 * time range the remitter chose, store-windows.ts). An order without one (placed before windows, or a
 * pick-up) keeps the older rule: the last day of the 48-hour working promise counted from the payment
 * (delivery-window.ts). Unpaid orders have not started the clock; delivered, completed and rejected ones are
 * closed. The one rule for the back office's filter, its order chips and the dashboard's count.
 */
const CLOSED_STATUSES: readonly StoreOrderStatus[] = ['delivered', 'fulfilled', 'rejected'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Montevideo calendar day (YYYY-MM-DD) of an instant. */
function montevideoDay(at: Date): string {
  return new Date(at.getTime() + MONTEVIDEO_OFFSET_MS).toISOString().slice(0, 10);
}

/** The last Montevideo day (YYYY-MM-DD) a store order paid at `paidAt` may be delivered on. */
export function storeOrderDueBy(paidAt: Date): string {
  return deliveryWindow(paidAt).to;
}

/** Whether the store order is past its promise at `now`. */
export function isStoreOrderLate(
  order: { status: StoreOrderStatus; paidAt: Date | null; windowEndsAt?: Date | null },
  now: Date,
): boolean {
  if (order.paidAt === null || CLOSED_STATUSES.includes(order.status)) return false;
  if (order.windowEndsAt) return now.getTime() > order.windowEndsAt.getTime();
  return montevideoDay(now) > storeOrderDueBy(order.paidAt);
}

/** The bounds a query applies for 'late' at `now`: past the window's end, or (no window) paid before. */
export function lateBounds(now: Date): { windowEndedBefore: Date; paidBefore: Date } {
  return { windowEndedBefore: now, paidBefore: latePaidBefore(now) };
}

/**
 * The same rule as a bound a query can use: an open store order paid before the returned instant is late at
 * `now`, one paid at or after it is not. The window only depends on the payment's Montevideo day and grows
 * with it, so the bound is the Montevideo midnight after the last day whose window already ended.
 */
export function latePaidBefore(now: Date): Date {
  const today = montevideoDay(now);
  // Montevideo midnight of today, as an instant.
  let dayStart = Date.parse(`${today}T00:00:00.000Z`) - MONTEVIDEO_OFFSET_MS;
  // At most a long weekend back: the window's end is two working days after the payment's day.
  for (let step = 0; step < 10; step += 1) {
    const previousDayStart = dayStart - DAY_MS;
    if (storeOrderDueBy(new Date(previousDayStart)) < today) return new Date(dayStart);
    dayStart = previousDayStart;
  }
  return new Date(dayStart);
}

/** The statuses a late store order can be in (not closed), for a query's filter. */
export const OPEN_STORE_ORDER_STATUSES: readonly StoreOrderStatus[] = [
  'pending',
  'approved',
  'warning',
  'preparing_to_delivery',
  'ready_to_delivery',
  'in_transit',
  'delivery_attempt',
];
