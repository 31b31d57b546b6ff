import {
  ADMIN_PAYMENTS_MESSAGES,
  type AdminStatementWeek,
  type AdminStoreStatement,
  type ShippingStatement,
} from '@mandado/shared/admin-payments.schemas';
import { spreadsheetSafeCell } from '@mandado/shared/csv-cells';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { statementPesos, statementPesosView } from '@mandado/shared/statement-pesos';
import {
  type StatementLine,
  statementLine,
  statementTotals,
  statementWeekBounds,
  statementWeekOf,
} from '@mandado/shared/statements';
import { stringify } from 'csv-stringify/sync';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { payoutAccountLabelsOf } from '../store-payouts/store-payouts.service.ts';
import {
  findShippingPayment,
  insertShippingPayment,
  insertStorePayment,
  listDeliveredInWeek,
  listStorePaymentsOfWeek,
  type WeekStoreOrderRow,
} from './admin-statements.repository.ts';
import { pesoCells, pesoLineOf, todayPesoRate } from './store-statements.service.ts';

const DAY_MS = 86_400_000;

/** The week's Monday, checked (400 otherwise); by default the last week that ended. */
function weekStartOf(week: string | undefined, now: Date): string {
  if (week === undefined) return statementWeekOf(new Date(now.getTime() - 7 * DAY_MS));
  if (statementWeekOf(new Date(Date.parse(`${week}T12:00:00Z`))) !== week) {
    throw new HttpError(400, { detail: ADMIN_PAYMENTS_MESSAGES.weekNotMonday });
  }
  return week;
}

function sundayOf(weekStart: string): string {
  return new Date(Date.parse(`${weekStart}T00:00:00Z`) + 6 * DAY_MS).toISOString().slice(0, 10);
}

function lineOf(row: WeekStoreOrderRow): StatementLine {
  return statementLine({
    goods: parseMoney(row.subtotal),
    refunds: Math.min(parseMoney(row.refunded), parseMoney(row.subtotal)),
    shipping: parseMoney(row.shipping),
    commissionRate: Number(row.commissionRate),
  });
}

interface WeekData {
  weekStart: string;
  closed: boolean;
  rows: WeekStoreOrderRow[];
  stores: AdminStoreStatement[];
  shipping: ShippingStatement;
  /** $U per US$ today: the pesos of orders paid before their payment's rate was kept. */
  todayRate: string | null;
}

/**
 * Four queries for any number of stores: the week's delivered orders, its store payments, its shipping's, and
 * the stores' payout accounts (issue 31).
 */
async function loadWeek(db: Database, weekStart: string, now: Date, storeId?: number): Promise<WeekData> {
  const { from, to } = statementWeekBounds(weekStart);
  const [rows, payments, shippingPayment, todayRate] = await Promise.all([
    listDeliveredInWeek(db, from, to),
    listStorePaymentsOfWeek(db, weekStart),
    findShippingPayment(db, weekStart),
    todayPesoRate(db),
  ]);
  const weekEnd = sundayOf(weekStart);
  const byStore = new Map<number, { name: string; rows: WeekStoreOrderRow[] }>();
  for (const row of rows) {
    const entry = byStore.get(row.storeId);
    if (entry) entry.rows.push(row);
    else byStore.set(row.storeId, { name: row.storeName, rows: [row] });
  }
  // A week paid and then emptied (an order refunded in full after the payment) still lists its payment.
  for (const payment of payments) {
    if (!byStore.has(payment.storeId)) byStore.set(payment.storeId, { name: payment.storeName, rows: [] });
  }
  const paid = new Map(payments.map((payment) => [payment.storeId, payment]));
  const accounts = await payoutAccountLabelsOf(db, [...byStore.keys()]);
  const storeStatements = [...byStore.entries()]
    .filter(([id]) => storeId === undefined || id === storeId)
    .map(([id, entry]): AdminStoreStatement => {
      const lines = entry.rows.map(lineOf);
      const totals = statementTotals(lines);
      // Issue 31: pesos at the rate of each payment, not today's (today's only for older orders).
      const pesos = statementPesos(
        lines.map((line, index) => {
          const row = entry.rows[index];
          return row ? pesoLineOf(row, line) : { line, rate: null };
        }),
        todayRate,
      );
      const payment = paid.get(id);
      return {
        store_id: id,
        store_name: entry.name,
        payout_account: accounts.get(id) ?? null,
        week_start: weekStart,
        week_end: weekEnd,
        currency: entry.rows[0]?.currency ?? 'USD',
        orders: totals.orders,
        goods: formatMinorAsDecimal(totals.goods),
        refunds: formatMinorAsDecimal(totals.refunds),
        commission: formatMinorAsDecimal(totals.commission),
        shipping: formatMinorAsDecimal(totals.shipping),
        net: formatMinorAsDecimal(totals.net),
        status: payment ? 'paid' : 'pending',
        reference: payment?.reference ?? null,
        paid_at: payment ? payment.paidAt.toISOString() : null,
        pesos: entry.rows.length === 0 ? null : statementPesosView(pesos),
      };
    });
  const shippingTotal = rows.reduce((sum, row) => sum + parseMoney(row.shipping), 0);
  return {
    weekStart,
    closed: to.getTime() <= now.getTime(),
    rows,
    stores: storeStatements,
    todayRate,
    shipping: {
      week_start: weekStart,
      week_end: weekEnd,
      currency: rows[0]?.currency ?? 'USD',
      orders: rows.filter((row) => parseMoney(row.shipping) > 0).length,
      shipping: formatMinorAsDecimal(shippingTotal),
      status: shippingPayment ? 'paid' : 'pending',
      reference: shippingPayment?.reference ?? null,
      paid_at: shippingPayment ? shippingPayment.paidAt.toISOString() : null,
    },
  };
}

/** `GET /v1/admin/statements/?week=&store_id=` (admin:read): each store's statement of the week, and shipping. */
export async function getAdminStatementWeek(
  db: Database,
  actor: Actor | null,
  query: { week?: string | undefined; store_id?: number | undefined },
  now = new Date(),
): Promise<AdminStatementWeek> {
  requirePermission(actor, 'admin:read');
  const week = await loadWeek(db, weekStartOf(query.week, now), now, query.store_id);
  return {
    week_start: week.weekStart,
    week_end: sundayOf(week.weekStart),
    closed: week.closed,
    stores: week.stores,
    shipping: week.shipping,
  };
}

function refuseUnpayable(week: WeekData, net: string | undefined): void {
  if (!week.closed) throw new HttpError(409, { detail: ADMIN_PAYMENTS_MESSAGES.statementWeekOpen });
  if (net === undefined || parseMoney(net) <= 0) {
    throw new HttpError(409, { detail: ADMIN_PAYMENTS_MESSAGES.statementNothingDue });
  }
}

/**
 * `POST /v1/admin/statements/stores/:id/:week/paid/` (payment:mark-paid): the store's net for the week was
 * transferred, with this reference. Paid once (the payment's key); the owner sees it in /comercio.
 */
export async function markStoreStatementPaid(
  db: Database,
  actor: Actor | null,
  storeId: number,
  weekParam: string,
  reference: string,
  now = new Date(),
): Promise<AdminStoreStatement> {
  const operator = requirePermission(actor, 'payment:mark-paid');
  const weekStart = weekStartOf(weekParam, now);
  const week = await loadWeek(db, weekStart, now, storeId);
  const statement = week.stores[0];
  if (statement?.status === 'paid') {
    throw new HttpError(409, { detail: ADMIN_PAYMENTS_MESSAGES.statementAlreadyPaid });
  }
  refuseUnpayable(week, statement?.net);
  if (!statement) throw new HttpError(409, { detail: ADMIN_PAYMENTS_MESSAGES.statementNothingDue });
  const inserted = await db.transaction(async (tx) => {
    const ok = await insertStorePayment(tx, {
      storeId,
      weekStart,
      reference,
      amount: statement.net,
      paidBy: operator.userId,
      paidAt: now,
    });
    if (!ok) return false;
    await recordAudit(tx, operator, {
      storeId,
      action: 'statement.paid',
      subject: `statement:${storeId}/${weekStart}`,
      detail: {
        before: { status: 'pending' },
        after: { status: 'paid', reference, amount: statement.net, currency: statement.currency },
      },
      actorRole: 'operator',
    });
    return true;
  });
  if (!inserted) throw new HttpError(409, { detail: ADMIN_PAYMENTS_MESSAGES.statementAlreadyPaid });
  return { ...statement, status: 'paid', reference, paid_at: now.toISOString() };
}

/** `POST /v1/admin/statements/shipping/:week/paid/` (payment:mark-paid): the week's courier fees were paid. */
export async function markShippingStatementPaid(
  db: Database,
  actor: Actor | null,
  weekParam: string,
  reference: string,
  now = new Date(),
): Promise<ShippingStatement> {
  const operator = requirePermission(actor, 'payment:mark-paid');
  const weekStart = weekStartOf(weekParam, now);
  const week = await loadWeek(db, weekStart, now);
  if (week.shipping.status === 'paid') {
    throw new HttpError(409, { detail: ADMIN_PAYMENTS_MESSAGES.statementAlreadyPaid });
  }
  refuseUnpayable(week, week.shipping.shipping);
  const inserted = await db.transaction(async (tx) => {
    const ok = await insertShippingPayment(tx, {
      weekStart,
      reference,
      amount: week.shipping.shipping,
      paidBy: operator.userId,
      paidAt: now,
    });
    if (!ok) return false;
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'statement.shipping_paid',
      subject: `shipping_statement:${weekStart}`,
      detail: {
        before: { status: 'pending' },
        after: {
          status: 'paid',
          reference,
          amount: week.shipping.shipping,
          currency: week.shipping.currency,
        },
      },
    });
    return true;
  });
  if (!inserted) throw new HttpError(409, { detail: ADMIN_PAYMENTS_MESSAGES.statementAlreadyPaid });
  return { ...week.shipping, status: 'paid', reference, paid_at: now.toISOString() };
}

/**
 * `GET /v1/admin/statements/export.csv?week=` (admin:read): the week, one row per delivered store order, each
 * store's total, then the shipping total. ';' and a BOM, as the merchants' statement CSV, so Excel in Uruguay
 * (decimal comma, list separator ';') opens it in columns.
 */
export async function adminStatementsCsv(
  db: Database,
  actor: Actor | null,
  query: { week?: string | undefined; store_id?: number | undefined },
  now = new Date(),
): Promise<{ weekStart: string; csv: string }> {
  requirePermission(actor, 'admin:read');
  const week = await loadWeek(db, weekStartOf(query.week, now), now, query.store_id);
  const rows: string[][] = [];
  for (const store of week.stores) {
    for (const row of week.rows.filter((candidate) => candidate.storeId === store.store_id)) {
      const line = lineOf(row);
      rows.push([
        spreadsheetSafeCell(store.store_name),
        row.number,
        row.deliveredAt.toISOString(),
        formatMinorAsDecimal(line.goods),
        formatMinorAsDecimal(line.refunds),
        line.commissionRate.toFixed(2),
        formatMinorAsDecimal(line.commission),
        formatMinorAsDecimal(line.shipping),
        formatMinorAsDecimal(line.net),
        '',
        '',
        ...pesoCells(statementPesosView(statementPesos([pesoLineOf(row, line)], week.todayRate))),
      ]);
    }
    rows.push([
      spreadsheetSafeCell(store.store_name),
      'Total tienda',
      '',
      store.goods,
      store.refunds,
      '',
      store.commission,
      store.shipping,
      store.net,
      store.status === 'paid' ? 'pagado' : 'pendiente',
      spreadsheetSafeCell(store.reference ?? ''),
      ...pesoCells(store.pesos),
    ]);
  }
  // One store's detail (issue 31) leaves out the couriers' shipping, which is no store's.
  if (query.store_id === undefined) {
    rows.push([
      'Envíos (repartidores)',
      'Total envíos',
      '',
      '',
      '',
      '',
      '',
      week.shipping.shipping,
      '',
      week.shipping.status === 'paid' ? 'pagado' : 'pendiente',
      spreadsheetSafeCell(week.shipping.reference ?? ''),
      ...pesoCells(null),
    ]);
  }
  const columns = [
    'tienda',
    'pedido',
    'entregado',
    'productos',
    'reembolsos',
    'comision_pct',
    'comision',
    'envio',
    'neto',
    'estado',
    'referencia',
    'productos_uyu',
    'reembolsos_uyu',
    'comision_uyu',
    'neto_uyu',
    'cambio',
  ];
  return {
    weekStart: week.weekStart,
    csv: `\uFEFF${stringify(rows, { header: true, columns, delimiter: ';' })}`,
  };
}
