import { z } from 'zod';
import { DASHBOARD_RANGES } from './admin-dashboard.ts';
import { MESSAGES } from './messages.ts';

/**
 * `GET /v1/admin/dashboard/?range=today|7d|30d` (issue 19). Figures are about the order groups PLACED in the
 * range (Montevideo days, today included): how many, how many of them were paid (paid or refunded since)
 * and for how much, how many still wait for their payment; the average basket is paid total ÷ paid
 * orders. Refunds are those decided in the range that did not fail. Late store orders are counted now,
 * whatever the range (order-lateness.ts). Amounts are USD decimal strings.
 */
export const dashboardQuerySchema = z.object({
  range: z.enum(DASHBOARD_RANGES, { error: MESSAGES.invalidValue }).default('today'),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const money = z.string();

export const dashboardDaySchema = z.object({
  /** YYYY-MM-DD, Montevideo. */
  day: z.string(),
  orders: z.number().int(),
  paid_orders: z.number().int(),
  sales: money,
  refunds: money,
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardSchema = z.object({
  range: z.enum(DASHBOARD_RANGES),
  /** The first and last Montevideo day covered. */
  from: z.string(),
  to: z.string(),
  orders: z.number().int(),
  paid: z.object({ count: z.number().int(), total: money }),
  pending: z.object({ count: z.number().int(), total: money }),
  sales: money,
  average_basket: money,
  late_store_orders: z.number().int(),
  /** Issue 31: paid store orders still not accepted after the store was alerted again ('sin aceptar'). */
  unaccepted_store_orders: z.number().int(),
  /** Decision 078: fiscal documents the provider refused, that kept failing, or held without Mandado's RUT. */
  fiscal_problems: z.number().int(),
  refunds: z.object({ count: z.number().int(), total: money }),
  /** One entry per day of the range, oldest first (days without orders included, with zeros). */
  series: z.array(dashboardDaySchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
