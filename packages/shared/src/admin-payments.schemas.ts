import { z } from 'zod';
import type { BankStatementProblem } from './bank-statement.ts';
import { decimalString } from './catalog.schemas.ts';
import { MESSAGES } from './messages.ts';
import { markPaidInputSchema } from './staff-order.schemas.ts';
import { statementTotalsSchema } from './statement.schemas.ts';

/** Issue 19, the back office's payments: the transfer queue, bank-statement imports, findings, statements. */

/** A statement's text as the browser read it: ~1 MB, far above a month of any bank's movements. */
export const BANK_STATEMENT_MAX_CHARS = 1_000_000;

export const ADMIN_PAYMENTS_MESSAGES = {
  statementEmpty:
    'El archivo no tiene movimientos. Sube el CSV que exporta tu banco, con su fila de títulos.',
  statementColumns:
    'El archivo necesita columnas de fecha, descripción e importe (por ejemplo: fecha;descripcion;importe).',
  statementTooBig: 'El archivo es demasiado grande: sube un extracto de a lo sumo 1 MB.',
  statementTooManyRows: (max: number) => `El extracto tiene más de ${max} movimientos: divídelo en partes.`,
  statementAmount: (row: number, value: string) =>
    `La fila ${row} tiene un importe que no entendemos: «${value.slice(0, 40)}». Usa números como 1234,56 o 1234.56.`,
  statementQuotes: (row: number) => `Hay comillas sin cerrar cerca de la fila ${row}. Revisa el archivo.`,
  statementNotFound: 'No encontramos ese extracto.',
  statementWeekOpen: 'Esa semana todavía no terminó: se paga a partir del lunes siguiente.',
  statementNothingDue: 'Esa semana no tiene nada que pagar.',
  statementAlreadyPaid: 'Esa liquidación ya figura como pagada.',
  weekNotMonday: 'Elige la semana por su lunes (AAAA-MM-DD).',
} as const;

/** The Spanish text for a file the parser refused. */
export function bankStatementProblemText(problem: BankStatementProblem): string {
  switch (problem.kind) {
    case 'empty':
      return ADMIN_PAYMENTS_MESSAGES.statementEmpty;
    case 'columns':
      return ADMIN_PAYMENTS_MESSAGES.statementColumns;
    case 'too_many_rows':
      return ADMIN_PAYMENTS_MESSAGES.statementTooManyRows(problem.max);
    case 'amount':
      return ADMIN_PAYMENTS_MESSAGES.statementAmount(problem.rowNumber, problem.value);
    case 'quotes':
      return ADMIN_PAYMENTS_MESSAGES.statementQuotes(problem.rowNumber);
  }
}

export const MANUAL_PAYMENT_METHODS = ['bank_transfer', 'cash_deposit'] as const;

/** `GET /v1/admin/payments/queue/`: `country` (ISO 2), `cursor` from the previous page. */
export const paymentQueueQuerySchema = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, MESSAGES.invalidValue)
    .transform((value) => value.toUpperCase())
    .optional(),
  cursor: z.string().max(200).optional(),
});

export const paymentQueueItemSchema = z.object({
  number: z.string(),
  method: z.enum(MANUAL_PAYMENT_METHODS),
  country: z.string(),
  total: decimalString,
  currency: z.string(),
  remitter_name: z.string(),
  remitter_email: z.string(),
  created_at: z.string(),
  /** When the order expires unpaid (the transfer deadline of the settings registry, counted at placement). */
  expires_at: z.string().nullable(),
});
export type PaymentQueueItem = z.infer<typeof paymentQueueItemSchema>;

export const paymentQueueSchema = z.object({
  results: z.array(paymentQueueItemSchema),
  next_cursor: z.string().nullable(),
  /** The countries with something waiting, for the filter. */
  countries: z.array(z.string()),
});
export type PaymentQueue = z.infer<typeof paymentQueueSchema>;

/** `POST /v1/admin/bank-statements/`: the CSV's text and its file name, as the browser read them. */
export const bankStatementUploadSchema = z.object({
  file_name: z.string().trim().max(200, MESSAGES.tooLong(200)).default(''),
  text: z
    .string({ error: MESSAGES.required })
    .min(1, ADMIN_PAYMENTS_MESSAGES.statementEmpty)
    .max(BANK_STATEMENT_MAX_CHARS, ADMIN_PAYMENTS_MESSAGES.statementTooBig),
});
export type BankStatementUpload = z.input<typeof bankStatementUploadSchema>;

export const BANK_ROW_OUTCOMES = ['matched', 'unmatched', 'ambiguous', 'already_paid', 'paid'] as const;
export type BankRowOutcomeValue = (typeof BANK_ROW_OUTCOMES)[number];

export const BANK_ROW_OUTCOME_LABELS: Record<BankRowOutcomeValue, string> = {
  matched: 'Coincide',
  unmatched: 'Sin coincidencia',
  ambiguous: 'Ambiguo',
  already_paid: 'Ya pagado',
  paid: 'Pagado',
};

export const bankStatementRowSchema = z.object({
  row_number: z.number().int(),
  booked_on: z.string(),
  description: z.string(),
  amount: decimalString,
  currency: z.string(),
  reference: z.string(),
  outcome: z.enum(BANK_ROW_OUTCOMES),
  order_number: z.string().nullable(),
  note: z.string(),
});
export type BankStatementRow = z.infer<typeof bankStatementRowSchema>;

export const bankStatementCountsSchema = z.object({
  matched: z.number().int(),
  unmatched: z.number().int(),
  ambiguous: z.number().int(),
  already_paid: z.number().int(),
  paid: z.number().int(),
});

export const bankStatementSummarySchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  confirmed_by: z.string().nullable(),
  counts: bankStatementCountsSchema,
});
export type BankStatementSummary = z.infer<typeof bankStatementSummarySchema>;

export const bankStatementImportSchema = bankStatementSummarySchema.extend({
  /** True when this very file had been imported before: the earlier import is answered, nothing is redone. */
  duplicate: z.boolean(),
  rows: z.array(bankStatementRowSchema),
});
export type BankStatementImport = z.infer<typeof bankStatementImportSchema>;

export const bankStatementListSchema = z.object({ results: z.array(bankStatementSummarySchema) });

/** `GET /v1/admin/payments/audit/`: what `npm run audit:payments` finds, for the screen. */
export const paymentFindingSchema = z.object({
  kind: z.enum([
    'charge_without_paid_group',
    'paid_group_without_charge',
    'refund_above_paid',
    'refund_mismatch',
    'ledger_mismatch',
  ]),
  subject: z.string(),
  detail: z.string(),
});
export type PaymentFindingItem = z.infer<typeof paymentFindingSchema>;

export const PAYMENT_FINDING_LABELS: Record<PaymentFindingItem['kind'], string> = {
  charge_without_paid_group: 'Cobro sin pedido pagado',
  paid_group_without_charge: 'Pedido pagado sin cobro',
  refund_above_paid: 'Devuelto más de lo pagado',
  refund_mismatch: 'Devolución que no coincide',
  ledger_mismatch: 'Saldo distinto de sus movimientos',
};

export const paymentFindingsSchema = z.object({
  checked_at: z.string(),
  results: z.array(paymentFindingSchema),
});
export type PaymentFindings = z.infer<typeof paymentFindingsSchema>;

/** A statement week: its Monday, YYYY-MM-DD, in 19xx or 20xx (the database has no year 0 nor year 10000). */
const weekString = z.string().regex(/^(?:19|20)\d{2}-\d{2}-\d{2}$/, ADMIN_PAYMENTS_MESSAGES.weekNotMonday);

/** `GET /v1/admin/statements/?week=&store_id=`: the week defaults to the last one that ended. */
export const adminStatementsQuerySchema = z.object({
  week: weekString.optional(),
  store_id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, MESSAGES.invalidValue)
    .transform(Number)
    .optional(),
});

export const adminStoreStatementSchema = statementTotalsSchema.extend({
  store_id: z.number().int(),
  store_name: z.string(),
  /** Where the store is paid, masked ('BROU •••• 1234'; issue 31), null when its owner set none. */
  payout_account: z.string().nullable(),
});
export type AdminStoreStatement = z.infer<typeof adminStoreStatementSchema>;

/** The week's shipping fees, owed to the couriers. */
export const shippingStatementSchema = z.object({
  week_start: z.string(),
  week_end: z.string(),
  currency: z.string(),
  orders: z.number().int(),
  shipping: decimalString,
  status: z.enum(['pending', 'paid']),
  reference: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type ShippingStatement = z.infer<typeof shippingStatementSchema>;

export const adminStatementWeekSchema = z.object({
  week_start: z.string(),
  week_end: z.string(),
  /** Whether the week is over (only then can it be paid). */
  closed: z.boolean(),
  stores: z.array(adminStoreStatementSchema),
  shipping: shippingStatementSchema,
});
export type AdminStatementWeek = z.infer<typeof adminStatementWeekSchema>;

export const storeStatementParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number),
  week: weekString,
});

export const shippingStatementParamsSchema = z.object({ week: weekString });

/** The week's CSV; with `store_id`, that store's orders and total only (issue 31). */
export const adminStatementsCsvQuerySchema = adminStatementsQuerySchema;

/** Paying a statement: the bank transfer's reference. */
/** A statement paid to a store or the couriers: its transfer's reference, the same rule as 'Marcar pagado'. */
export const statementPaidInputSchema = markPaidInputSchema;
export type StatementPaidInput = z.input<typeof statementPaidInputSchema>;
