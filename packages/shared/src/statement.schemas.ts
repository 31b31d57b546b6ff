import { z } from 'zod';
import { decimalString } from './catalog.schemas.ts';

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
