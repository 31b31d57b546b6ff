import { z } from 'zod';
import {
  orderBeneficiarySchema,
  orderPickupContactSchema,
  SUBSTITUTIONS,
  storeOrderSchema,
} from './checkout.schemas.ts';
import { MESSAGES } from './messages.ts';
import { PAYMENT_STATUSES, STORE_ORDER_STATUSES } from './order-status.ts';
import { singleLineText, singleLineTextProblem } from './validation-rules.ts';

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

/** Merchants' and operators' view of a store order (their screens come later). */
export const staffStoreOrderSchema = storeOrderSchema.extend({
  group_number: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  created: z.string(),
  beneficiary: orderBeneficiarySchema,
  pickup_contact: orderPickupContactSchema,
  substitution: z.enum(SUBSTITUTIONS),
  next_statuses: z.array(z.enum(STORE_ORDER_STATUSES)),
});
export const staffStoreOrderListSchema = z.object({ results: z.array(staffStoreOrderSchema) });
