import { DASHBOARD_RANGE_DAYS } from '@mandado/shared/admin-dashboard';
import type { Dashboard, DashboardQuery } from '@mandado/shared/admin-dashboard.schemas';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { MONTEVIDEO_OFFSET_MS } from '@mandado/shared/montevideo-time';
import { lateBounds } from '@mandado/shared/order-lateness';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { countFiscalProblems } from '../invoicing/fiscal-problems.service.ts';
import {
  countLateStoreOrders,
  countUnacceptedStoreOrders,
  orderFiguresByDay,
  refundFiguresByDay,
} from './admin-dashboard.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function minor(decimal: string | null): number {
  return decimal === null ? 0 : parseMoney(decimal);
}

/** The Montevideo days of the range, oldest first, and the instants it starts and ends (exclusive). */
export function dashboardDays(
  range: DashboardQuery['range'],
  now: Date,
): { days: string[]; from: Date; to: Date } {
  const today = new Date(now.getTime() + MONTEVIDEO_OFFSET_MS).toISOString().slice(0, 10);
  const todayStart = Date.parse(`${today}T00:00:00.000Z`) - MONTEVIDEO_OFFSET_MS;
  const length = DASHBOARD_RANGE_DAYS[range];
  const days = Array.from({ length }, (_, index) =>
    new Date(Date.parse(`${today}T00:00:00.000Z`) - (length - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
  return { days, from: new Date(todayStart - (length - 1) * DAY_MS), to: new Date(todayStart + DAY_MS) };
}

/** `GET /v1/admin/dashboard/` (issue 19): the range's figures and a per-day series (admin-dashboard.schemas.ts). */
export async function getDashboard(
  db: Database,
  actor: Actor | null,
  query: DashboardQuery,
  now: Date = new Date(),
): Promise<Dashboard> {
  requirePermission(actor, 'admin:read');
  const { days, from, to } = dashboardDays(query.range, now);
  const [orderRows, refundRows, late, unaccepted, fiscalProblems] = await Promise.all([
    orderFiguresByDay(db, from, to),
    refundFiguresByDay(db, from, to),
    countLateStoreOrders(db, lateBounds(now)),
    countUnacceptedStoreOrders(db),
    countFiscalProblems(db),
  ]);
  const ordersByDay = new Map(orderRows.map((row) => [row.day, row]));
  const refundsByDay = new Map(refundRows.map((row) => [row.day, row]));

  const totals = {
    orders: 0,
    paid: 0,
    paidMinor: 0,
    pending: 0,
    pendingMinor: 0,
    refunds: 0,
    refundsMinor: 0,
  };
  const series = days.map((day) => {
    const orders = ordersByDay.get(day);
    const refunded = refundsByDay.get(day);
    const sales = minor(orders?.paidTotal ?? null);
    const refundsMinor = minor(refunded?.total ?? null);
    totals.orders += orders?.orders ?? 0;
    totals.paid += orders?.paidOrders ?? 0;
    totals.paidMinor += sales;
    totals.pending += orders?.pendingOrders ?? 0;
    totals.pendingMinor += minor(orders?.pendingTotal ?? null);
    totals.refunds += refunded?.refunds ?? 0;
    totals.refundsMinor += refundsMinor;
    return {
      day,
      orders: orders?.orders ?? 0,
      paid_orders: orders?.paidOrders ?? 0,
      sales: formatMinorAsDecimal(sales),
      refunds: formatMinorAsDecimal(refundsMinor),
    };
  });

  return {
    range: query.range,
    from: days[0] ?? '',
    to: days.at(-1) ?? '',
    orders: totals.orders,
    paid: { count: totals.paid, total: formatMinorAsDecimal(totals.paidMinor) },
    pending: { count: totals.pending, total: formatMinorAsDecimal(totals.pendingMinor) },
    sales: formatMinorAsDecimal(totals.paidMinor),
    average_basket: formatMinorAsDecimal(totals.paid === 0 ? 0 : Math.round(totals.paidMinor / totals.paid)),
    late_store_orders: late,
    unaccepted_store_orders: unaccepted,
    fiscal_problems: fiscalProblems,
    refunds: { count: totals.refunds, total: formatMinorAsDecimal(totals.refundsMinor) },
    series,
  };
}
