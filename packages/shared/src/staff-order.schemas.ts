import { z } from 'zod';
import { decimalString } from './catalog.schemas.ts';
import {
  orderBeneficiarySchema,
  orderLineSchema,
  orderPickupContactSchema,
  SUBSTITUTIONS,
  storeOrderSchema,
} from './checkout.schemas.ts';
import { MESSAGES } from './messages.ts';
import { DELIVERY_TYPES } from './order-pricing.ts';
import { PAYMENT_STATUSES, STORE_ORDER_STATUSES } from './order-status.ts';
import { receiptSchema } from './receipt.schemas.ts';
import { remitterPhoneSchema, storeSubstitutionQuestionSchema } from './substitution.schemas.ts';
import { singleLineText, singleLineTextProblem } from './validation-rules.ts';

/**
 * A store order's number as we write it (MV-10234-1) in a staff path; anything else is a request for nothing
 * (404). Shared by the order-status, store-inbox, courier and refunds routes, none of which imports another's.
 */
export const storeOrderNumberSchema = z.string().regex(/^MV-[1-9]\d{0,11}-[1-9]\d{0,2}$/);

/** The staff's calls on store orders (merchants and operators; decision 022). */
/** Staff: `POST /v1/merchant/stores/:id/orders/:number/status/` and `/v1/admin/store-orders/:number/status/`. */
export const storeOrderStatusInputSchema = z.object({
  to: z.enum(STORE_ORDER_STATUSES),
  /** The status the screen showed: the change is a compare-and-set on it (409 when it moved meanwhile). */
  from: z.enum(STORE_ORDER_STATUSES),
  // Optional: an empty reason (what a form's blank field sends) is no reason, and only the table's edges that
  // need one refuse it (reasonRequired). singleLineText would read '' as invisible-only, i.e. "required".
  reason: z
    .string()
    .trim()
    .max(300, MESSAGES.tooLong(300))
    .superRefine((value, context) => {
      const problem = value === '' ? null : singleLineTextProblem(value);
      if (problem === 'control') context.addIssue({ code: 'custom', message: MESSAGES.singleLineText });
      else if (problem === 'invisible') context.addIssue({ code: 'custom', message: MESSAGES.required });
    })
    .default(''),
});

/** Operators: `POST /v1/admin/orders/:number/mark-paid/` for a transfer or cash deposit that arrived. */
export const markPaidInputSchema = z.object({
  reference: singleLineText(
    z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(120, MESSAGES.tooLong(120)),
  ),
});

/** A product given instead of missing units (issue 17): USD unit price at most the missing line's. */
export const lineSubstituteSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: decimalString,
  total: decimalString,
});

/** A line as the store prepares it: what was ordered, and what the store could supply instead. */
export const staffOrderLineSchema = orderLineSchema.extend({
  id: z.number().int(),
  /** Null as ordered; fewer than `quantity` when the store marked it (0: none). */
  available_quantity: z.number().int().nullable(),
  substitute: lineSubstituteSchema.nullable(),
});
export type StaffOrderLine = z.infer<typeof staffOrderLineSchema>;

/**
 * Merchants' and operators' view of a store order: one shape for the inbox list, the card and the answer of
 * every move (issue 17), with what the phone card needs (lines with their preference and availability, the
 * beneficiary's phones, address, pin and notes, the window, delivery or pick-up).
 */
export const staffStoreOrderSchema = storeOrderSchema.extend({
  lines: z.array(staffOrderLineSchema),
  delivery: z.enum(DELIVERY_TYPES),
  /** The delivery window's days and its text ('Entre el lunes 23 de noviembre y el martes 24 de noviembre'). */
  delivery_window: z.object({ from: z.string(), to: z.string(), text: z.string() }),
  /** The delivery window (decision 065): 'mar 1/12, 9:00 a 13:00'; null on a pick-up or an older order. */
  window: z.object({ starts_at: z.string(), ends_at: z.string(), text: z.string() }).nullable(),
  /** The remitter's words for the family, if any (the store may add them to the parcel). */
  gift_message: z.string().nullable(),
  /** Whether a member opened it since it was paid (the inbox rings until then). */
  seen: z.boolean(),
  group_number: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  created: z.string(),
  beneficiary: orderBeneficiarySchema,
  pickup_contact: orderPickupContactSchema,
  substitution: z.enum(SUBSTITUTIONS),
  next_statuses: z.array(z.enum(STORE_ORDER_STATUSES)),
  /**
   * The courier link (`<site>/entrega/<token>`) the store shares by WhatsApp: made by 'Listo para entregar'
   * on a delivery; null on a pick-up or before that.
   */
  courier_url: z.string().nullable(),
  /** The substitutes the store proposed and the remitter's answers (issue 29, decision 062): the inbox only. */
  substitution_questions: z.array(storeSubstitutionQuestionSchema).optional(),
  /** 'Llamarme antes' on a line: the remitter's phone, whom the store calls (the inbox only). */
  remitter_phone: remitterPhoneSchema.nullable().optional(),
  /**
   * Issue 29: once delivered, what the family answered ('Falta algo' and what), for the store to see; absent
   * from the answers that do not read it (a move's own answer may omit it).
   */
  receipt: receiptSchema.nullable().optional(),
});
export type StaffStoreOrder = z.infer<typeof staffStoreOrderSchema>;
export const staffStoreOrderListSchema = z.object({ results: z.array(staffStoreOrderSchema) });
