import { z } from 'zod';
import { decimalString } from './catalog.schemas.ts';

/**
 * Issue 31: the statement in pesos beside its dollars, each order at the rate of its payment (`basis`
 * 'payment'), today's for orders older than that ('today', 'mixed'); `rate` when one rate covers them all.
 */
export const statementPesosSchema = z.object({
  goods: decimalString,
  refunds: decimalString,
  commission: decimalString,
  net: decimalString,
  basis: z.enum(['payment', 'today', 'mixed']),
  rate: z.string().nullable(),
  /** 'En pesos al cambio de cada pago (1 US$ = 40,15 $U)': what the screens print under the figures. */
  basis_text: z.string(),
});
export type StatementPesosView = z.infer<typeof statementPesosSchema>;

/** Issue 18: a store's weekly statement, as its owners see it in /comercio. Amounts in the orders' currency. */
export const statementTotalsSchema = z.object({
  week_start: z.string(),
  /** The Sunday that ends it (YYYY-MM-DD, Montevideo). */
  week_end: z.string(),
  currency: z.string(),
  orders: z.number().int(),
  goods: decimalString,
  refunds: decimalString,
  commission: decimalString,
  shipping: decimalString,
  /** What we owe the store: goods − refunds − commission (the shipping is the courier's). */
  net: decimalString,
  status: z.enum(['pending', 'paid']),
  reference: z.string().nullable(),
  paid_at: z.string().nullable(),
  pesos: statementPesosSchema.nullable().default(null),
});
export type StatementSummary = z.infer<typeof statementTotalsSchema>;

/** `payout_account`: where the store is paid, masked ('BROU •••• 1234'), null until its owner sets one. */
export const statementListSchema = z.object({
  results: z.array(statementTotalsSchema),
  payout_account: z.string().nullable(),
});

export const statementLineSchema = z.object({
  number: z.string(),
  delivered_at: z.string(),
  goods: decimalString,
  refunds: decimalString,
  commission_rate: z.string(),
  commission: decimalString,
  shipping: decimalString,
  net: decimalString,
  /** Issue 31: the line's pesos at its payment's rate (today's for an older order); null without a rate. */
  pesos: statementPesosSchema.nullable().default(null),
});

export const statementSchema = statementTotalsSchema.extend({
  lines: z.array(statementLineSchema),
  payout_account: z.string().nullable(),
});
export type Statement = z.infer<typeof statementSchema>;

export const statementWeekParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number),
  // 19xx or 20xx: the database has no year 0, nor year 10000 (a 500, not a 404).
  week: z.string().regex(/^(?:19|20)\d{2}-\d{2}-\d{2}$/),
});
