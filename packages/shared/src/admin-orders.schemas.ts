import { z } from 'zod';
import { decimalString } from './catalog.schemas.ts';
import { PAYMENT_METHODS } from './checkout.schemas.ts';
import { MESSAGES } from './messages.ts';
import { ORDER_GROUP_STATUSES, PAYMENT_STATUSES, STORE_ORDER_STATUSES } from './order-status.ts';
import { refundSchema } from './refund.schemas.ts';
import { multiLineText, singleLineText } from './validation-rules.ts';

/**
 * The back office's orders (issue 19): `GET /v1/admin/orders/` with its filters, the CSV export, one order
 * with its timeline, and the operators' notes, cancellation and e-mail resend.
 */

export const ADMIN_ORDERS_MESSAGES = {
  invalidDate: 'Escribe la fecha como AAAA-MM-DD.',
  invalidRange: 'La fecha «desde» no puede ser posterior a «hasta».',
  invalidCountry: 'Escribe el país con su código de dos letras (por ejemplo, UY).',
  invalidCursor: 'El enlace de la página siguiente no es válido: vuelve a cargar la lista.',
  notCancellable: 'Solo se puede cancelar un pedido por transferencia o depósito que todavía no está pagado.',
  emailNotOfOrder: 'Ese correo no es de este pedido.',
  lineNotOfOrder: 'Ese producto no es de este pedido.',
  storeOrderNotOfOrder: 'Ese pedido de tienda no es de este pedido.',
  noteSaved: 'Nota agregada.',
  cancelled: 'Pedido cancelado.',
  resent: 'Correo en cola para reenviarse.',
} as const;

/** An absent filter: the form sends empty fields as '' and the URL keeps them, both mean "any". */
function optionalParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

/** Whether `value` (already YYYY-MM-DD) names a real day; never throws, whatever the string. */
function isRealDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const isoDay = z
  .string()
  // 19xx or 20xx: the database has no year 0, nor the day after 9999-12-31 (a 500, not a filter).
  // `abort`: zod 4 runs the next checks after a failed one, and 'ab' made the day check throw a RangeError
  // (a 500, issue 27); isRealDay is also safe on its own.
  .regex(/^(?:19|20)\d{2}-\d{2}-\d{2}$/, { error: ADMIN_ORDERS_MESSAGES.invalidDate, abort: true })
  .refine(isRealDay, ADMIN_ORDERS_MESSAGES.invalidDate);

const filterFields = {
  payment_status: optionalParam(z.enum(PAYMENT_STATUSES, { error: MESSAGES.invalidValue })),
  status: optionalParam(z.enum(STORE_ORDER_STATUSES, { error: MESSAGES.invalidValue })),
  method: optionalParam(z.enum(PAYMENT_METHODS, { error: MESSAGES.invalidValue })),
  store_id: optionalParam(
    z.coerce
      .number({ error: MESSAGES.invalidValue })
      .int()
      .positive(MESSAGES.invalidValue)
      .max(2_147_483_647, MESSAGES.invalidValue),
  ),
  country: optionalParam(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, ADMIN_ORDERS_MESSAGES.invalidCountry),
  ),
  from: optionalParam(isoDay),
  to: optionalParam(isoDay),
  late: optionalParam(z.enum(['true', 'false'], { error: MESSAGES.invalidValue })),
  q: optionalParam(singleLineText(z.string().trim().max(120, MESSAGES.tooLong(120)))),
};

function rangeInOrder(filters: { from?: string | undefined; to?: string | undefined }): boolean {
  return !filters.from || !filters.to || filters.from <= filters.to;
}
const RANGE_PROBLEM = { path: ['from'], message: ADMIN_ORDERS_MESSAGES.invalidRange };

/** The filters of the list and of its CSV (query string). Dates are Montevideo days, `to` included. */
export const adminOrderFiltersSchema = z.object(filterFields).refine(rangeInOrder, RANGE_PROBLEM);
export type AdminOrderFilters = z.infer<typeof adminOrderFiltersSchema>;

export const adminOrderListQuerySchema = z
  .object({
    ...filterFields,
    cursor: optionalParam(z.string().max(200, ADMIN_ORDERS_MESSAGES.invalidCursor)),
  })
  .refine(rangeInOrder, RANGE_PROBLEM);
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

/** The filter names, in the order the URL writes them (the screen and the CSV link share them). */
export const ADMIN_ORDER_FILTER_KEYS = [
  'q',
  'payment_status',
  'status',
  'method',
  'store_id',
  'country',
  'from',
  'to',
  'late',
] as const;

const storeOrderBriefSchema = z.object({
  number: z.string(),
  store_id: z.number().int(),
  store_name: z.string(),
  status: z.enum(STORE_ORDER_STATUSES),
  status_label: z.string(),
  total: decimalString,
  /** Past its window's end (or, without one, the 48-hour working promise) and not handed over (order-lateness.ts). */
  late: z.boolean(),
  /**
   * Issue 31: paid, still not accepted, and past the 'unaccepted_alert_minutes' setting (the store was
   * alerted again): 'sin aceptar' to operators.
   */
  unaccepted: z.boolean(),
  /** The delivery window (decision 065): 'mar 1/12, 9:00 a 13:00'; null on a pick-up or an older order. */
  window_text: z.string().nullable(),
});

/** One row of the list: a checkout with its store orders. */
export const adminOrderSummarySchema = z.object({
  number: z.string(),
  created: z.string(),
  status: z.enum(ORDER_GROUP_STATUSES),
  status_label: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_status_label: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  payment_method_label: z.string(),
  total: decimalString,
  country: z.string(),
  remitter_name: z.string(),
  remitter_email: z.string(),
  beneficiary_name: z.string(),
  stores: z.array(storeOrderBriefSchema),
  late: z.boolean(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrderListSchema = z.object({
  results: z.array(adminOrderSummarySchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  next_cursor: z.string().nullable(),
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

export const adminOrderLineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  /** As sold, in the product's currency. */
  unit_price: z.string(),
  currency: z.string(),
  /** USD, quantity × price, and the coupon's share. */
  total: decimalString,
  discount: decimalString,
  available_quantity: z.number().int().nullable(),
  substitute_name: z.string().nullable(),
  /** USD given back or on its way for this line (issue 27), and the units of it given back by unit. */
  refunded: decimalString,
  refunded_units: z.number().int(),
  /**
   * What may still be refunded of it: what was paid for it less its refunds, capped by what is left of its
   * store order (USD), and the units that may still be chosen; 0 and 0 once it is refunded.
   */
  refundable: decimalString,
  refundable_units: z.number().int(),
});
export type AdminOrderLine = z.infer<typeof adminOrderLineSchema>;

export const adminStoreOrderSchema = storeOrderBriefSchema.extend({
  subtotal: decimalString,
  shipping: decimalString,
  discount: decimalString,
  credit: decimalString,
  /** Given back or on its way (pending and succeeded refunds). */
  refunded: decimalString,
  /** The last day of its delivery window (YYYY-MM-DD, Montevideo), once paid. */
  due_by: z.string().nullable(),
  /** The moves an operator may make from here (the shared transition table). */
  next_statuses: z.array(z.enum(STORE_ORDER_STATUSES)),
  /** The courier's link is locked by wrong codes: 'Reabrir enlace'. */
  courier_locked: z.boolean(),
  lines: z.array(adminOrderLineSchema),
});
export type AdminStoreOrder = z.infer<typeof adminStoreOrderSchema>;

export const TIMELINE_KINDS = [
  'placed',
  'payment',
  'status',
  'refund',
  'email',
  'attempt',
  'note',
  'cancel',
  'message',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** One thing that happened to the order: the timeline merges every source, oldest first. */
export const adminTimelineEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  title: z.string(),
  detail: z.string(),
  /** Who: 'Sistema', 'Tienda', 'Operador', 'Repartidor', or a person's e-mail when known. */
  actor: z.string().nullable(),
  store_order_number: z.string().nullable(),
  /** The outbox row of an e-mail entry ('Reenviar'). */
  email_id: z.number().int().nullable(),
});
export type AdminTimelineEntry = z.infer<typeof adminTimelineEntrySchema>;

export const adminOrderEmailSchema = z.object({
  id: z.number().int(),
  kind: z.string().nullable(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  created: z.string(),
  sent: z.string().nullable(),
});
export type AdminOrderEmail = z.infer<typeof adminOrderEmailSchema>;

export const adminOrderDetailSchema = adminOrderSummarySchema.extend({
  payment_label: z.string().nullable(),
  delivery: z.enum(['standard', 'pickup']),
  delivery_window: z.object({ from: z.string(), to: z.string() }),
  subtotal: decimalString,
  discount: decimalString,
  shipping: decimalString,
  credit: decimalString,
  refunded: decimalString,
  coupon: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  paid_at: z.string().nullable(),
  paid_reference: z.string().nullable(),
  expires_at: z.string().nullable(),
  remitter_phone: z.string(),
  beneficiary: z.object({
    name: z.string(),
    address: z.string(),
    city: z.string(),
    mobile: z.string(),
    email: z.string(),
    notes: z.string(),
  }),
  pickup_contact: z.object({ name: z.string(), phone: z.string() }).nullable(),
  stores: z.array(adminStoreOrderSchema),
  refunds: z.array(refundSchema),
  emails: z.array(adminOrderEmailSchema),
  timeline: z.array(adminTimelineEntrySchema),
  /** An unpaid transfer or deposit an operator may cancel. */
  can_cancel: z.boolean(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** `:number` of the back office's order routes: a group number (MV-10234). */
export const adminOrderNumberSchema = z.string().trim().max(40);

export const adminOrderNoteInputSchema = z.object({
  body: multiLineText(
    z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(2000, MESSAGES.tooLong(2000)),
  ),
  /** The store order it is about (MV-10234-1), when it is about one. */
  store_order_number: optionalParam(z.string().trim().max(40)),
});
export type AdminOrderNoteInput = z.infer<typeof adminOrderNoteInputSchema>;

export const adminOrderCancelInputSchema = z.object({
  reason: singleLineText(
    z.string({ error: MESSAGES.required }).trim().min(3, MESSAGES.required).max(300, MESSAGES.tooLong(300)),
  ),
});
export type AdminOrderCancelInput = z.infer<typeof adminOrderCancelInputSchema>;

export const adminOrderEmailParamsSchema = z.object({
  number: adminOrderNumberSchema,
  id: z.coerce.number({ error: MESSAGES.invalidValue }).int().positive().max(2_147_483_647),
});

/** What e-mail a `kind` names, for the timeline. */
export const EMAIL_KIND_LABELS: Record<string, string> = {
  'order.confirmed': 'Confirmación del pedido',
  'order.payment_received': 'Pago recibido',
  'order.expired': 'Cancelado por falta de pago',
  'order.cancelled': 'Pedido cancelado',
  'order.tracking_link': 'Seguimiento para quien recibe',
  'refund.succeeded': 'Devolución',
  'store_order.line_changed': 'Cambio en productos',
};

/** The e-mail's name in the timeline: its kind's label, or its subject for an older untagged row. */
export function emailKindLabel(kind: string | null, subject: string): string {
  if (kind && EMAIL_KIND_LABELS[kind]) return EMAIL_KIND_LABELS[kind];
  if (kind?.startsWith('store_order.')) return `Estado del pedido: ${subject}`;
  return subject;
}
