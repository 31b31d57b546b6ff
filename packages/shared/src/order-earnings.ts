import { z } from 'zod';
import { decimalString } from './catalog.schemas.ts';
import { statementLine } from './statements.ts';

/**
 * What the store earns on one order (issue 31, decision 068), in the currency its lines were sold in (the
 * store's prices, '$U' for nearly every store): the lines at their prices, what was not supplied, the
 * subtotal, our commission and the net. The commission is the statements' own rule (`statementLine` in
 * statements.ts: half up, once per order, at the rate frozen on the order), so the inbox and the weekly
 * statement never disagree about a cent. Amounts are integer minor units.
 */
export interface EarningsLineInput {
  name: string;
  quantity: number;
  /** Null as ordered; fewer when the store could not supply them all. */
  availableQuantity: number | null;
  /** Unit price in the line's currency, minor units. */
  unitPrice: number;
  currency: string;
  /** The line's total in US$ (minor units), as the order holds it. */
  totalUsd: number;
  /** The substitute's total in US$ (minor units), when the store gave one instead of the missing units. */
  substituteUsd: number | null;
}

export interface OrderEarnings {
  currency: string;
  lines: Array<{ name: string; quantity: number; supplied: number; unitPrice: number; total: number }>;
  /** The goods as ordered. */
  goods: number;
  /** What was not supplied (missing units less what a substitute is worth; all of it when rejected). */
  notSupplied: number;
  /** goods − notSupplied: what the store sold. */
  subtotal: number;
  commissionRate: number;
  commission: number;
  /** subtotal − commission: what the store is paid for it. */
  net: number;
}

/** a × b / c, half up, in integers (c > 0). */
function scaled(a: number, b: number, c: number): number {
  return Math.floor((a * b * 2 + c) / (2 * c));
}

export function orderEarnings(input: {
  lines: readonly EarningsLineInput[];
  commissionRate: number;
  /** A rejected order sells nothing. */
  rejected: boolean;
}): OrderEarnings {
  const first = input.lines[0]?.currency ?? 'UYU';
  // A store prices in one currency; should an order mix two, US$ (every line's common measure) is used.
  const currency = input.lines.every((line) => line.currency === first) ? first : 'USD';
  let goods = 0;
  let notSupplied = 0;
  const lines = input.lines.map((line) => {
    const unitPrice =
      currency === 'USD' && line.currency !== 'USD'
        ? scaled(line.totalUsd, 1, line.quantity)
        : line.unitPrice;
    const total = unitPrice * line.quantity;
    const supplied = line.availableQuantity ?? line.quantity;
    const missing = unitPrice * (line.quantity - supplied);
    // The substitute is worth its share of the line at the line's own exchange (its US$ over the line's).
    const substitute =
      line.substituteUsd !== null && line.totalUsd > 0 ? scaled(line.substituteUsd, total, line.totalUsd) : 0;
    goods += total;
    notSupplied += Math.max(0, missing - substitute);
    return { name: line.name, quantity: line.quantity, supplied, unitPrice, total };
  });
  if (input.rejected) notSupplied = goods;
  const line = statementLine({
    goods,
    refunds: notSupplied,
    shipping: 0,
    commissionRate: input.commissionRate,
  });
  return {
    currency,
    lines,
    goods,
    notSupplied,
    subtotal: goods - notSupplied,
    commissionRate: input.commissionRate,
    commission: line.commission,
    net: line.net,
  };
}

/** GET /v1/merchant/stores/:id/orders/:number/earnings/: decimal strings, like every amount of the API. */
export const orderEarningsSchema = z.object({
  currency: z.string(),
  lines: z.array(
    z.object({
      name: z.string(),
      quantity: z.number().int(),
      supplied: z.number().int(),
      unit_price: decimalString,
      total: decimalString,
    }),
  ),
  goods: decimalString,
  not_supplied: decimalString,
  subtotal: decimalString,
  commission_rate: z.string(),
  commission: decimalString,
  net: decimalString,
});
export type OrderEarningsView = z.infer<typeof orderEarningsSchema>;
