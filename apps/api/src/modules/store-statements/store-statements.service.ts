import { MESSAGES } from '@mandado/shared/messages';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { type OrderEarningsView, orderEarnings } from '@mandado/shared/order-earnings';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { Statement, StatementPesosView, StatementSummary } from '@mandado/shared/statement.schemas';
import { type PesoStatementLine, statementPesos, statementPesosView } from '@mandado/shared/statement-pesos';
import {
  type StatementLine,
  statementLine,
  statementTotals,
  statementWeekBounds,
  statementWeekOf,
} from '@mandado/shared/statements';
import { stringify } from 'csv-stringify/sync';
import { type Actor, requirePermission, requireStoreOwner } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { getCurrencies } from '../currencies/currencies.service.ts';
import { payoutAccountLabelOf } from '../store-payouts/store-payouts.service.ts';
import {
  type DeliveredStoreOrderRow,
  listDeliveredStoreOrders,
  listEarningsRows,
  listStatementPayments,
} from './store-statements.repository.ts';

/** $U per 1 US$ in today's rate set: the pesos of orders placed before their payment's rate was kept. */
export async function todayPesoRate(db: Database): Promise<string | null> {
  return (await getCurrencies(db)).rates.rates.UYU ?? null;
}

/** A delivered order's figures for its pesos (issue 31): what it kept in pesos and what it left in dollars. */
export function pesoLineOf(row: DeliveredStoreOrderRow, line: StatementLine): PesoStatementLine {
  return {
    line,
    rate: row.pesoRate,
    kept: {
      goodsPesos: parseMoney(row.goodsPesos),
      goodsOtherUsd: parseMoney(row.goodsOtherUsd),
      refundsPesos: parseMoney(row.refundsPesos),
      refundsOtherUsd: parseMoney(row.refundsOtherUsd),
      commissionRate: Number(row.commissionRate),
    },
  };
}

/** How far back the list goes: a quarter of weekly statements. */
const WEEKS_LISTED = 13;
const DAY_MS = 86_400_000;

function lineOf(row: DeliveredStoreOrderRow): StatementLine & { number: string; deliveredAt: Date } {
  return {
    number: row.number,
    deliveredAt: row.deliveredAt,
    ...statementLine({
      goods: parseMoney(row.subtotal),
      refunds: Math.min(parseMoney(row.refunded), parseMoney(row.subtotal)),
      shipping: parseMoney(row.shipping),
      commissionRate: Number(row.commissionRate),
    }),
  };
}

type Payment = Awaited<ReturnType<typeof listStatementPayments>>[number];

function summaryOf(
  weekStart: string,
  rows: readonly DeliveredStoreOrderRow[],
  payment: Payment | undefined,
  todayRate: string | null = null,
) {
  const lines = rows.map(lineOf);
  const pesoLines = lines.map((line, index) => {
    const row = rows[index];
    return row ? pesoLineOf(row, line) : { line, rate: null };
  });
  const pesos = statementPesos(pesoLines, todayRate);
  const totals = statementTotals(lines);
  const sunday = new Date(Date.parse(`${weekStart}T00:00:00Z`) + 6 * DAY_MS).toISOString().slice(0, 10);
  const summary: StatementSummary = {
    week_start: weekStart,
    week_end: sunday,
    currency: rows[0]?.currency ?? 'USD',
    orders: totals.orders,
    goods: formatMinorAsDecimal(totals.goods),
    refunds: formatMinorAsDecimal(totals.refunds),
    commission: formatMinorAsDecimal(totals.commission),
    shipping: formatMinorAsDecimal(totals.shipping),
    net: formatMinorAsDecimal(totals.net),
    status: payment ? 'paid' : 'pending',
    reference: payment?.reference ?? null,
    paid_at: payment ? new Date(payment.paidAt).toISOString() : null,
    pesos: rows.length === 0 ? null : statementPesosView(pesos),
  };
  const rated = lines.map((line, index) => ({
    ...line,
    pesos: statementPesosView(statementPesos([pesoLines[index] ?? { line, rate: null }], todayRate)),
  }));
  return { summary, lines: rated };
}

/** The store's weekly statements with delivered orders or a payment, newest first, over the last quarter. */
export async function listStatements(
  db: Database,
  actor: Actor | null,
  storeId: number,
  now = new Date(),
): Promise<StatementSummary[]> {
  requireStoreOwner(actor, storeId);
  const thisWeek = statementWeekOf(now);
  const firstWeek = new Date(Date.parse(`${thisWeek}T00:00:00Z`) - (WEEKS_LISTED - 1) * 7 * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const { from } = statementWeekBounds(firstWeek);
  const { to } = statementWeekBounds(thisWeek);
  const [rows, payments, todayRate] = await Promise.all([
    listDeliveredStoreOrders(db, storeId, from, to),
    listStatementPayments(db, storeId),
    todayPesoRate(db),
  ]);
  const byWeek = new Map<string, DeliveredStoreOrderRow[]>();
  for (const row of rows) {
    const week = statementWeekOf(row.deliveredAt);
    const rowsOfWeek = byWeek.get(week);
    if (rowsOfWeek) rowsOfWeek.push(row);
    else byWeek.set(week, [row]);
  }
  const paid = new Map(payments.map((payment) => [payment.weekStart, payment]));
  const weeks = [...new Set([...byWeek.keys(), ...[...paid.keys()].filter((week) => week >= firstWeek)])];
  return weeks
    .sort((a, b) => b.localeCompare(a))
    .map((week) => summaryOf(week, byWeek.get(week) ?? [], paid.get(week), todayRate).summary);
}

/** Where the statements are paid, masked (issue 31): named above the owner's list of weeks. */
export async function payoutAccountOfStatements(
  db: Database,
  actor: Actor | null,
  storeId: number,
): Promise<string | null> {
  requireStoreOwner(actor, storeId);
  return payoutAccountLabelOf(db, storeId);
}

async function weekOf(db: Database, storeId: number, weekStart: string) {
  if (statementWeekOf(new Date(Date.parse(`${weekStart}T12:00:00Z`))) !== weekStart) {
    throw new HttpError(400, { detail: MESSAGES.invalidValue });
  }
  const { from, to } = statementWeekBounds(weekStart);
  const [rows, payments, todayRate] = await Promise.all([
    listDeliveredStoreOrders(db, storeId, from, to),
    listStatementPayments(db, storeId),
    todayPesoRate(db),
  ]);
  return summaryOf(
    weekStart,
    rows,
    payments.find((payment) => payment.weekStart === weekStart),
    todayRate,
  );
}

/** One week's statement with its lines (the week's Monday, YYYY-MM-DD). */
export async function getStatement(
  db: Database,
  actor: Actor | null,
  storeId: number,
  weekStart: string,
): Promise<Statement> {
  requireStoreOwner(actor, storeId);
  const [{ summary, lines }, payoutAccount] = await Promise.all([
    weekOf(db, storeId, weekStart),
    payoutAccountLabelOf(db, storeId),
  ]);
  return {
    ...summary,
    payout_account: payoutAccount,
    lines: lines.map((line) => ({
      number: line.number,
      delivered_at: line.deliveredAt.toISOString(),
      goods: formatMinorAsDecimal(line.goods),
      refunds: formatMinorAsDecimal(line.refunds),
      commission_rate: line.commissionRate.toFixed(2),
      commission: formatMinorAsDecimal(line.commission),
      shipping: formatMinorAsDecimal(line.shipping),
      net: formatMinorAsDecimal(line.net),
      pesos: line.pesos,
    })),
  };
}

/**
 * A statement's pesos as CSV cells (issue 31): goods, refunds, commission and net in $U at each payment's rate,
 * then that rate ('' when several rates make the figure, or with no rate at all, when the cells are empty).
 */
export function pesoCells(pesos: StatementPesosView | null): string[] {
  if (pesos === null) return ['', '', '', '', ''];
  return [pesos.goods, pesos.refunds, pesos.commission, pesos.net, pesos.rate ?? ''];
}

/** The week's statement as CSV: one row per delivered store order, then the totals. */
export async function statementCsv(db: Database, actor: Actor | null, storeId: number, weekStart: string) {
  const statement = await getStatement(db, actor, storeId, weekStart);
  const rows = statement.lines.map((line) => [
    line.number,
    line.delivered_at,
    line.goods,
    line.refunds,
    line.commission_rate,
    line.commission,
    line.shipping,
    line.net,
    ...pesoCells(line.pesos),
  ]);
  rows.push([
    'Total',
    '',
    statement.goods,
    statement.refunds,
    '',
    statement.commission,
    statement.shipping,
    statement.net,
    ...pesoCells(statement.pesos),
  ]);
  // The peso columns come last, so a spreadsheet reading the dollar columns by position keeps working.
  const header = [
    'pedido',
    'entregado',
    'productos',
    'reembolsos',
    'comision_pct',
    'comision',
    'envio',
    'neto',
    'productos_uyu',
    'reembolsos_uyu',
    'comision_uyu',
    'neto_uyu',
    'cambio',
  ];
  return `\uFEFF${stringify(rows, { header: true, columns: header })}`;
}

/**
 * What the store earns on one order (issue 31), for the inbox's order view: its lines at their prices, the
 * subtotal, the commission and the net, by the statements' own rule (packages/shared order-earnings.ts). Every
 * member sees it, as they see the order. Another store's order, or one not paid yet, is a 404.
 */
export async function getOrderEarnings(
  db: Database,
  actor: Actor | null,
  storeId: number,
  number: string,
): Promise<OrderEarningsView> {
  requirePermission(actor, 'store:read', storeId);
  const rows = await listEarningsRows(db, storeId, number);
  const first = rows[0];
  if (!first || first.paymentStatus === 'pending')
    throw new HttpError(404, { detail: SERVER_MESSAGES.notFound });
  const earnings = orderEarnings({
    lines: rows.map((row) => ({
      name: row.name,
      quantity: row.quantity,
      availableQuantity: row.availableQuantity,
      unitPrice: parseMoney(row.unitPrice),
      currency: row.currency,
      totalUsd: parseMoney(row.totalUsd),
      substituteUsd: row.substituteUsd === null ? null : parseMoney(row.substituteUsd),
    })),
    commissionRate: Number(first.commissionRate),
    rejected: first.status === 'rejected',
  });
  return {
    currency: earnings.currency,
    lines: earnings.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      supplied: line.supplied,
      unit_price: formatMinorAsDecimal(line.unitPrice),
      total: formatMinorAsDecimal(line.total),
    })),
    goods: formatMinorAsDecimal(earnings.goods),
    not_supplied: formatMinorAsDecimal(earnings.notSupplied),
    subtotal: formatMinorAsDecimal(earnings.subtotal),
    commission_rate: earnings.commissionRate.toFixed(2),
    commission: formatMinorAsDecimal(earnings.commission),
    net: formatMinorAsDecimal(earnings.net),
  };
}

/**
 * A week's commission as Mandado invoices it to the store (issue 32, decision 071): the statement's commission
 * in minor units, its currency and how many orders it covers. No actor: the invoicing job calls it.
 */
export async function statementCommission(
  db: Database,
  storeId: number,
  weekStart: string,
): Promise<{ commissionMinor: number; currency: string; orders: number }> {
  const { summary } = await weekOf(db, storeId, weekStart);
  return {
    commissionMinor: parseMoney(summary.commission),
    currency: summary.currency,
    orders: summary.orders,
  };
}
