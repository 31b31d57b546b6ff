import { MONTEVIDEO_OFFSET_MS } from './montevideo-time.ts';

/**
 * A store's weekly statement (issue 18): Monday to Sunday in Montevideo's time (UTC−3 all year, as
 * delivery-window.ts and date-text.ts count), over the store orders delivered that week. All amounts are
 * integer minor units of the orders' currency; each order's commission is rounded once, half up, at its own
 * rate (frozen on the store order when it was placed), so the statement is the sum of its lines to the cent.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Monday (YYYY-MM-DD, Montevideo) of the week `at` falls in. */
export function statementWeekOf(at: Date): string {
  const local = new Date(at.getTime() + MONTEVIDEO_OFFSET_MS);
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  return new Date(local.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The instants [from, to) of the week starting on `monday` (YYYY-MM-DD), Montevideo's midnight to midnight. */
export function statementWeekBounds(monday: string): { from: Date; to: Date } {
  const from = new Date(Date.parse(`${monday}T00:00:00.000Z`) - MONTEVIDEO_OFFSET_MS);
  return { from, to: new Date(from.getTime() + 7 * DAY_MS) };
}

export interface StatementOrder {
  /** The goods as sold (the store order's subtotal). */
  goods: number;
  /** What was refunded of this store order (lines unavailable, rejections, operators' refunds). */
  refunds: number;
  /** The courier's shipping fee, paid to the courier, not the store. */
  shipping: number;
  /** Percent, e.g. 12.5, frozen on the store order when it was placed. */
  commissionRate: number;
}

export interface StatementLine extends StatementOrder {
  commission: number;
  net: number;
}

/** Commission on what the store actually sold (goods less refunds), half up to the cent. */
export function commissionOf(order: StatementOrder): number {
  const base = Math.max(0, order.goods - order.refunds);
  // Rates have at most two decimals: rate × 100 is an integer, so the product is exact before rounding.
  const basisPoints = Math.round(order.commissionRate * 100);
  return Math.floor((base * basisPoints + 5000) / 10000);
}

export function statementLine(order: StatementOrder): StatementLine {
  const commission = commissionOf(order);
  return { ...order, commission, net: order.goods - order.refunds - commission };
}

export interface StatementTotals {
  orders: number;
  goods: number;
  refunds: number;
  commission: number;
  shipping: number;
  net: number;
}

export function statementTotals(lines: readonly StatementLine[]): StatementTotals {
  return lines.reduce(
    (sum, line) => ({
      orders: sum.orders + 1,
      goods: sum.goods + line.goods,
      refunds: sum.refunds + line.refunds,
      commission: sum.commission + line.commission,
      shipping: sum.shipping + line.shipping,
      net: sum.net + line.net,
    }),
    { orders: 0, goods: 0, refunds: 0, commission: 0, shipping: 0, net: 0 },
  );
}
