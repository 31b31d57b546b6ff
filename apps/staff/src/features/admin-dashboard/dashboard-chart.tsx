import type { DashboardDay } from '@mandado/shared/admin-dashboard.schemas';
import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import { useMemo } from 'react';
import { SalesOrdersChart } from '../../components/sales-orders-chart.tsx';
import { shortDayText } from './dashboard-text.ts';

const axisUsd = (minor: number) => usdText(minor, { whole: 'short' });
const legendUsd = (minor: number) => usdText(minor);

/** The dashboard's sales per day (US$) and paid orders (issue 19); the page loads this module lazily. */
export function DashboardChart({ series }: { series: DashboardDay[] }) {
  const points = useMemo(
    () =>
      series.map((day) => ({
        label: shortDayText(day.day),
        salesMinor: parseMoney(day.sales),
        orders: day.paid_orders,
      })),
    [series],
  );
  return (
    <SalesOrdersChart
      points={points}
      height={240}
      axisMoney={axisUsd}
      legendMoney={legendUsd}
      ordersLabel="Pedidos pagados"
      className="dashboard-chart__canvas"
    />
  );
}
