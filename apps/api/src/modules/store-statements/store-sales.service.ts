import { convertMinor, formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { statementWeekBounds, statementWeekOf } from '@mandado/shared/statements';
import type { StoreSales } from '@mandado/shared/store-sales.schemas';
import { type Actor, requireStoreOwner } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { getCurrencies } from '../currencies/currencies.service.ts';
import { salesLinesPerDay, salesOrdersPerDay, salesTopProducts } from './store-sales.repository.ts';

const DAY_MS = 86_400_000;
const DAYS = 28;
const WEEKS = 8;
const TOP = 5;

function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10;
}

/**
 * The owner's sales page (issue 31): the last eight weeks by day and by week, orders, average ticket, top
 * products, and the rates of short lines and rejected orders, in $U. Four queries whatever the store sells
 * (three aggregates on store_orders_store_created_idx and the rates), summed here.
 */
export async function getStoreSales(
  db: Database,
  actor: Actor | null,
  storeId: number,
  now = new Date(),
): Promise<StoreSales> {
  requireStoreOwner(actor, storeId);
  const thisWeek = statementWeekOf(now);
  const firstWeek = new Date(Date.parse(`${thisWeek}T00:00:00Z`) - (WEEKS - 1) * 7 * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const { from } = statementWeekBounds(firstWeek);
  const [orders, lines, top, currencies] = await Promise.all([
    salesOrdersPerDay(db, storeId, from),
    salesLinesPerDay(db, storeId, from),
    salesTopProducts(db, storeId, from, TOP),
    getCurrencies(db),
  ]);
  const rates = currencies.rates.rates;
  // Goods in pesos at their price, others at their payment's peso rate; only orders paid before that rate
  // was kept are converted at today's (with no rate for today either, they are left out rather than guessed).
  const inPesos = (sums: { pesos: string; otherAtPaymentRate: string; otherUsdUnrated: string }) =>
    parseMoney(sums.pesos) +
    parseMoney(sums.otherAtPaymentRate) +
    (convertMinor(parseMoney(sums.otherUsdUnrated), 'USD', 'UYU', rates) ?? 0);

  const salesByDay = new Map<string, number>();
  let lineCount = 0;
  let shortCount = 0;
  for (const row of lines) {
    salesByDay.set(row.day, (salesByDay.get(row.day) ?? 0) + inPesos(row));
    lineCount += row.lines;
    shortCount += row.short;
  }
  const ordersByDay = new Map(orders.map((row) => [row.day, row.orders - row.rejected]));
  const placed = orders.reduce((sum, row) => sum + row.orders, 0);
  const rejected = orders.reduce((sum, row) => sum + row.rejected, 0);

  const today = new Date(now.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
  const days = Array.from({ length: DAYS }, (_, index) => {
    const start = new Date(Date.parse(`${today}T00:00:00Z`) - (DAYS - 1 - index) * DAY_MS)
      .toISOString()
      .slice(0, 10);
    return {
      start,
      orders: ordersByDay.get(start) ?? 0,
      sales: formatMinorAsDecimal(salesByDay.get(start) ?? 0),
    };
  });
  const weeks = Array.from({ length: WEEKS }, (_, index) => {
    const start = new Date(Date.parse(`${firstWeek}T00:00:00Z`) + index * 7 * DAY_MS)
      .toISOString()
      .slice(0, 10);
    let weekOrders = 0;
    let weekSales = 0;
    for (let day = 0; day < 7; day += 1) {
      const key = new Date(Date.parse(`${start}T00:00:00Z`) + day * DAY_MS).toISOString().slice(0, 10);
      weekOrders += ordersByDay.get(key) ?? 0;
      weekSales += salesByDay.get(key) ?? 0;
    }
    return { start, orders: weekOrders, sales: formatMinorAsDecimal(weekSales) };
  });
  const totalSales = [...salesByDay.values()].reduce((sum, value) => sum + value, 0);
  const sold = placed - rejected;
  return {
    currency: 'UYU',
    days,
    weeks,
    orders: sold,
    sales: formatMinorAsDecimal(totalSales),
    average_ticket: formatMinorAsDecimal(sold === 0 ? 0 : Math.round(totalSales / sold)),
    unavailable_rate: percent(shortCount, lineCount),
    rejected_rate: percent(rejected, placed),
    // One row per name, already ordered by units and name (store-sales.repository.ts).
    top_products: top.map((row) => ({
      name: row.name,
      units: row.units,
      sales: formatMinorAsDecimal(inPesos(row)),
    })),
  };
}
