import { z } from 'zod';
import { REFUND_DESTINATIONS, REFUND_REASONS, REFUND_STATUSES } from './fulfilment.ts';
import { MESSAGES } from './messages.ts';
import { singleLineText, singleLineTextProblem } from './validation-rules.ts';

/**
 * A refund as the remitter and the staff see it (issue 17, decision 040): `GET /v1/orders/:number/` lists
 * them per store order; amounts are USD decimal strings like every order amount.
 */
export const refundSchema = z.object({
  id: z.number().int(),
  store_order_number: z.string(),
  /** The line it is for, by its product name; null for the whole store order. */
  line_name: z.string().nullable(),
  amount: z.string(),
  /**
   * Issue 31: the refund in the currency the remitter paid in — the order's display currency, at the rate
   * the order was priced with ('238.00', 'UYU', '40.15000000'). A whole line gives back exactly what was
   * shown for it. Null amount for an order in dollars or a refund decided before these were kept.
   */
  display_amount: z.string().nullable().default(null),
  display_currency: z.string().default('USD'),
  display_rate: z.string().nullable().default(null),
  reason: z.enum(REFUND_REASONS),
  reason_label: z.string(),
  destination: z.enum(REFUND_DESTINATIONS),
  destination_label: z.string(),
  status: z.enum(REFUND_STATUSES),
  status_label: z.string(),
  created: z.string(),
  settled: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** The refunds' answers in Spanish (operators' screens and the API's 4xx). */
export const REFUND_MESSAGES = {
  notBankRefund: 'Esta devolución no es una transferencia bancaria pendiente.',
  nothingLeft: 'No queda nada por devolver de este pedido.',
  notPaid: 'Este pedido todavía no está pagado: no hay nada que devolver.',
  aboveLeft: (left: string) => `Solo quedan ${left} por devolver de este pedido.`,
  destinationNotAllowed:
    'Este pedido no se pagó con tarjeta ni PayPal: devuélvelo como crédito o por transferencia.',
  lineNotOfOrder: 'Ese producto no es de este pedido de tienda.',
  lineNothingLeft: 'Ya se devolvió todo lo pagado por este producto.',
  lineAboveLeft: (left: string) => `Solo quedan ${left} por devolver de este producto.`,
  unitsAboveLeft: (units: number) =>
    units === 1
      ? 'Solo queda 1 unidad por devolver de este producto.'
      : `Solo quedan ${units} unidades por devolver de este producto.`,
  unitsNeedLine: 'Elige el producto del que devuelves unidades.',
  amountOrUnits: 'Escribe un monto o elige unidades, no las dos cosas.',
  unitsAtLeastOne: 'Elige al menos una unidad.',
  unitsWhole: 'Elige un número entero de unidades.',
  amountPositive: 'El monto debe ser mayor que cero.',
} as const;

/** `POST /v1/admin/refunds/:id/record/`: the bank transfer an operator made for a bank refund. */
export const recordBankRefundInputSchema = z.object({
  reference: singleLineText(
    z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(120, MESSAGES.tooLong(120)),
  ),
});
export type RecordBankRefundInput = z.infer<typeof recordBankRefundInputSchema>;

/**
 * `POST /v1/admin/store-orders/:number/refunds/`: an operator gives back part of what was paid, as an
 * amount or (issue 27) as units of one line, whose amount the server works out from what was paid for it.
 */
export const operatorRefundInputSchema = z
  .object({
    /** USD decimal, more than zero; absent when `units` says what is given back. */
    amount: z
      .string({ error: MESSAGES.required })
      // Each check stops the rest (`abort`), so one problem gets one message: "-1.00" is not also malformed.
      .refine((value) => !value.trim().startsWith('-'), {
        message: REFUND_MESSAGES.amountPositive,
        abort: true,
      })
      .regex(/^\d{1,9}\.\d{2}$/, { message: MESSAGES.invalidValue, abort: true })
      .refine((value) => Number(value) > 0, REFUND_MESSAGES.amountPositive)
      .optional(),
    /** Units of the line `line_id` given back (1 of 2), instead of an amount. */
    units: z
      .number({ error: MESSAGES.invalidValue })
      .min(1, { message: REFUND_MESSAGES.unitsAtLeastOne, abort: true })
      .int({ message: REFUND_MESSAGES.unitsWhole, abort: true })
      .max(99, MESSAGES.invalidValue)
      .optional(),
    destination: z.enum(REFUND_DESTINATIONS),
    /** Optional: an empty note is fine, a line break or a control character is not. */
    note: z
      .string()
      .trim()
      .max(300, MESSAGES.tooLong(300))
      .refine((value) => singleLineTextProblem(value) !== 'control', MESSAGES.singleLineText)
      .default(''),
    /**
     * The line it is for (issue 19: the back office refunds chosen lines), shown with the refund; absent or
     * null for the store order as a whole. Capped by what is left of the line and of its store order.
     */
    line_id: z.number({ error: MESSAGES.invalidValue }).int().positive().max(2_147_483_647).nullish(),
  })
  .superRefine((input, context) => {
    if (input.units !== undefined && input.line_id == null) {
      context.addIssue({ code: 'custom', path: ['units'], message: REFUND_MESSAGES.unitsNeedLine });
    }
    if ((input.amount === undefined) === (input.units === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [input.amount === undefined ? 'amount' : 'units'],
        message: input.amount === undefined ? MESSAGES.required : REFUND_MESSAGES.amountOrUnits,
      });
    }
  });
export type OperatorRefundInput = z.infer<typeof operatorRefundInputSchema>;
