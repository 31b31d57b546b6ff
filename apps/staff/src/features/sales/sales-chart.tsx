import { parseMoney } from '@mandado/shared/money';
import { moneyText } from '@mandado/shared/money-text';
import type { StoreSales } from '@mandado/shared/store-sales.schemas';
import { useMemo } from 'react';
import { SalesOrdersChart } from '../../components/sales-orders-chart.tsx';

const PESOS = { code: 'UYU' };
// The axis in whole pesos, the legend to the cent.
const axisPesos = (minor: number) => moneyText(Math.round(minor / 100) * 100, PESOS);
const legendPesos = (minor: number) => moneyText(minor, PESOS);

/** '23/11': a bucket's Montevideo day, written from its YYYY-MM-DD (never through the browser's zone). */
function shortDay(start: string): string {
  return `${Number(start.slice(8, 10))}/${Number(start.slice(5, 7))}`;
}

/** A store's sales per day or week in $U and its orders (issue 31); only the sales page imports it, lazily. */
export function SalesChart({ buckets }: { buckets: StoreSales['days'] }) {
  const points = useMemo(
    () =>
      buckets.map((bucket) => ({
        label: shortDay(bucket.start),
        salesMinor: parseMoney(bucket.sales),
        orders: bucket.orders,
      })),
    [buckets],
  );
  return (
    <SalesOrdersChart
      points={points}
      height={220}
      axisMoney={axisPesos}
      legendMoney={legendPesos}
      ordersLabel="Pedidos"
      className="sales-chart"
    />
  );
}
