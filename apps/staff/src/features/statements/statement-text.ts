import { dateText, shortDateText } from '@mandado/shared/date-text';
import { parseMoney } from '@mandado/shared/money';
import { minusText, moneyText } from '@mandado/shared/money-text';
import type { StatementSummary } from '@mandado/shared/statement.schemas';

/**
 * The week's days in words: "23 al 29 de noviembre de 2026", "30 de noviembre al 6 de diciembre de 2026",
 * "29 de diciembre de 2025 al 4 de enero de 2026". The days are Montevideo days (YYYY-MM-DD); noon UTC is the
 * same day there.
 */
export function weekRangeText(weekStart: string, weekEnd: string): string {
  const first = dateText(`${weekStart}T12:00:00Z`);
  const last = dateText(`${weekEnd}T12:00:00Z`);
  if (weekStart.slice(0, 4) !== weekEnd.slice(0, 4)) return `${first} al ${last}`;
  if (weekStart.slice(0, 7) !== weekEnd.slice(0, 7)) return `${first.replace(/ de \d{4}$/, '')} al ${last}`;
  return `${Number(weekStart.slice(8, 10))} al ${last}`;
}

/** An amount of the statement ("1250.50" in its currency) as the site writes money: "US$ 1.250,50". */
export function statementMoney(decimal: string, currency: string): string {
  return moneyText(parseMoney(decimal), { code: currency });
}

/** A refund or commission taken off: "−US$ 12,50"; nothing taken reads as the plain zero. */
export function deductionMoney(decimal: string, currency: string): string {
  const minor = parseMoney(decimal);
  return minor === 0 ? moneyText(0, { code: currency }) : minusText(minor, { code: currency });
}

/** A commission rate as the API gives it ("12.50", percent) in Spanish: "12,5 %". */
export function percentText(rate: string): string {
  const value = Number(rate);
  if (!Number.isFinite(value)) return rate;
  return `${String(Math.round(value * 100) / 100).replace('.', ',')} %`;
}

/** "1 pedido", "3 pedidos". */
export function ordersText(count: number): string {
  return count === 1 ? '1 pedido' : `${count} pedidos`;
}

/** 'Pendiente', or 'Pagada' with the transfer's reference and day, for the week's chip and its line. */
export function paymentText(summary: Pick<StatementSummary, 'status' | 'reference' | 'paid_at'>): {
  label: string;
  detail: string | null;
} {
  if (summary.status === 'pending') return { label: 'Pendiente', detail: null };
  const parts = [
    summary.reference ? `Transferencia ${summary.reference}` : 'Transferencia hecha',
    summary.paid_at ? `el ${shortDateText(summary.paid_at)}` : null,
  ].filter(Boolean);
  return { label: 'Pagada', detail: parts.join(', ') };
}
