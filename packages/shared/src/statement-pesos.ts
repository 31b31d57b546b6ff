import { convertMinor, formatMinorAsDecimal } from './money.ts';
import { numberText } from './money-text.ts';
import { type StatementLine, statementLine } from './statements.ts';

/**
 * A statement's pesos beside its dollars (issue 31): each order's figures converted at the rate its payment
 * was priced with (`order_groups.peso_rate`), not today's, so a week paid at 40,15 reads the pesos the store
 * earned then. An order placed before the rate was kept uses today's rate, and the statement says so. Each
 * line's goods, refunds and commission are converted (half up) and its net is their difference, so the
 * pesos add up on every line and in the totals, as the dollars do.
 */

/** How the pesos were reached: every order at its payment's rate, none of them, or some. */
export type PesoBasis = 'payment' | 'today' | 'mixed';

export interface StatementPesos {
  goods: number;
  refunds: number;
  commission: number;
  net: number;
  basis: PesoBasis;
  /** The one rate used ('40.15'), or null when the orders were paid at different rates. */
  rate: string | null;
}

export interface PesoStatementLine {
  line: Pick<StatementLine, 'goods' | 'refunds' | 'commission'>;
  /** $U per 1 US$ when the order was paid; null for an order placed before it was kept. */
  rate: string | null;
  /**
   * What the order kept in pesos (minor units): goods sold in pesos at their own price and refunds that kept
   * their pesos, and what is left in dollars of each. With it the line is worked out in pesos by the
   * statements' own rule (`statementLine` at `commissionRate`), as the inbox's 'Lo que ganas' is, so a
   * '$U 238,00' sale reads $U 238,00 and not its dollars converted back.
   */
  kept?: {
    goodsPesos: number;
    goodsOtherUsd: number;
    refundsPesos: number;
    refundsOtherUsd: number;
    commissionRate: number;
  };
}

/** The statement's pesos; null when a line has no rate and today's is not known either. */
export function statementPesos(
  lines: readonly PesoStatementLine[],
  todayRate: string | null,
): StatementPesos | null {
  const totals = { goods: 0, refunds: 0, commission: 0, net: 0 };
  const rates = new Set<string>();
  let atPayment = 0;
  let converted = 0;
  for (const { line, rate, kept } of lines) {
    // A line whose every figure was kept in pesos converts nothing: its rate does not matter.
    const needsRate = !kept || kept.goodsOtherUsd > 0 || kept.refundsOtherUsd > 0;
    const used = rate ?? todayRate ?? (needsRate ? null : '1');
    if (used === null) return null;
    if (needsRate) {
      converted += 1;
      if (rate !== null) atPayment += 1;
      rates.add(String(Number(used)));
    }
    const pesos = (minor: number) => convertMinor(minor, 'USD', 'UYU', { UYU: used }) ?? 0;
    const worked = kept
      ? pesoLineOf(kept, pesos)
      : {
          goods: pesos(line.goods),
          refunds: pesos(line.refunds),
          commission: pesos(line.commission),
        };
    totals.goods += worked.goods;
    totals.refunds += worked.refunds;
    totals.commission += worked.commission;
    totals.net += worked.goods - worked.refunds - worked.commission;
  }
  const basis: PesoBasis = atPayment === converted ? 'payment' : atPayment === 0 ? 'today' : 'mixed';
  const [only] = rates;
  return { ...totals, basis, rate: rates.size === 1 && only !== undefined ? only : null };
}

/** A line from what it kept in pesos, its dollars converted, by the statements' rule (refunds ≤ goods). */
function pesoLineOf(
  kept: NonNullable<PesoStatementLine['kept']>,
  pesos: (minor: number) => number,
): { goods: number; refunds: number; commission: number } {
  const goods = kept.goodsPesos + (kept.goodsOtherUsd > 0 ? pesos(kept.goodsOtherUsd) : 0);
  const refunds = Math.min(
    goods,
    kept.refundsPesos + (kept.refundsOtherUsd > 0 ? pesos(kept.refundsOtherUsd) : 0),
  );
  const line = statementLine({ goods, refunds, shipping: 0, commissionRate: kept.commissionRate });
  return { goods, refunds, commission: line.commission };
}

/** What the pesos say about their rate, for the screen: 'al cambio de cada pago (1 US$ = 40,15 $U)'. */
export function pesoBasisText(pesos: Pick<StatementPesos, 'basis' | 'rate'>): string {
  const rate =
    pesos.rate === null
      ? ''
      : ` (1 US$ = ${numberText(convertMinor(100, 'USD', 'UYU', { UYU: pesos.rate }) ?? 0, 2)} $U)`;
  switch (pesos.basis) {
    case 'payment':
      return `En pesos al cambio de cada pago${rate}`;
    case 'today':
      return `En pesos al cambio de hoy${rate}: pedidos anteriores a que guardáramos el cambio del pago`;
    case 'mixed':
      return 'En pesos al cambio de cada pago; los pedidos más antiguos, al cambio de hoy';
  }
}

/** The pesos as the API carries them (decimal strings and the sentence about the rate); null stays null. */
export function statementPesosView(pesos: StatementPesos | null): {
  goods: string;
  refunds: string;
  commission: string;
  net: string;
  basis: PesoBasis;
  rate: string | null;
  basis_text: string;
} | null {
  if (pesos === null) return null;
  return {
    goods: formatMinorAsDecimal(pesos.goods),
    refunds: formatMinorAsDecimal(pesos.refunds),
    commission: formatMinorAsDecimal(pesos.commission),
    net: formatMinorAsDecimal(pesos.net),
    basis: pesos.basis,
    rate: pesos.rate,
    basis_text: pesoBasisText(pesos),
  };
}
