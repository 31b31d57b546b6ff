import { z } from 'zod';
import {
  RETURN_REASON_MAX,
  RETURN_REASON_MIN,
  RETURN_REFUND_TARGETS,
  RETURN_REQUESTERS,
  RETURN_STATUSES,
} from './return-status.ts';

/**
 * The returns contract (issue 32 item 1, decision 076): Ley 17.250 art. 16 lets a distance sale be withdrawn
 * within 5 business days of delivery; art. 16 bis excludes perishables and sealed hygiene goods (the products'
 * `returnable` flag, snapshot on the order line). Every route is under /v1; dates are ISO strings; the API
 * computes the deadline (the shop never imports business-days.ts).
 */

const reasonText = z
  .string()
  .trim()
  .min(RETURN_REASON_MIN, `Escribe al menos ${RETURN_REASON_MIN} caracteres.`)
  .max(RETURN_REASON_MAX, `Escribe como máximo ${RETURN_REASON_MAX} caracteres.`);

/** `POST /v1/orders/:number/returns/` and `POST /v1/tracking/:token/returns/`. */
export const newReturnSchema = z.object({
  storeOrderNumber: z.string().min(1).max(40),
  lines: z
    .array(
      z.object({
        lineId: z.number().int().positive().max(2_147_483_647),
        quantity: z.number().int().min(1).max(999),
      }),
    )
    .min(1, 'Elige al menos un producto para devolver.')
    .max(100),
  reason: reasonText,
  refundTo: z.enum(RETURN_REFUND_TARGETS),
  /** From the photo upload route, optional. */
  photoId: z.string().min(1).max(80).optional(),
});
export type NewReturn = z.infer<typeof newReturnSchema>;

/** A return as every side reads it; pickupCode only to the requester's side, courierLink only to staff. */
export const returnRequestSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  storeOrderNumber: z.string(),
  storeName: z.string(),
  status: z.enum(RETURN_STATUSES),
  statusText: z.string(),
  requestedBy: z.enum(RETURN_REQUESTERS),
  reason: z.string(),
  photoUrl: z.string().nullable(),
  refundTo: z.enum(RETURN_REFUND_TARGETS),
  lines: z.array(
    z.object({
      lineId: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      unitPriceText: z.string(),
    }),
  ),
  refusalReason: z.string().nullable(),
  overruleReason: z.string().nullable(),
  /** The code the family gives the courier at the reverse pickup: only to the remitter and the family. */
  pickupCode: z.string().nullable(),
  /** The reverse pickup's courier link (the staff app's /entrega/devolucion/:token): only to the store and operators. */
  courierLink: z.string().nullable(),
  /** What went back and where, once received ('USD 12,50 a la tarjeta'). */
  refundText: z.string().nullable(),
  createdAt: z.string(),
  /** The end of the withdrawal period for this store order (ISO). */
  deadline: z.string(),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

export const returnsOverviewLineSchema = z.object({
  lineId: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  /** Units bought minus those already in an open or finished return. */
  returnableQuantity: z.number().int(),
  returnable: z.boolean(),
  /** Spanish, when the line cannot be returned ('Este producto no admite devolución'). */
  notReturnableReason: z.string().nullable(),
});

/** `GET /v1/orders/:number/returns/` and `GET /v1/tracking/:token/returns/`. */
export const returnsOverviewSchema = z.object({
  storeOrders: z.array(
    z.object({
      storeOrderNumber: z.string(),
      storeName: z.string(),
      deliveredAt: z.string().nullable(),
      deadline: z.string().nullable(),
      open: z.boolean(),
      /** Spanish: 'El plazo terminó el …' / 'Todavía no se entregó'. */
      closedReason: z.string().nullable(),
      lines: z.array(returnsOverviewLineSchema),
    }),
  ),
  requests: z.array(returnRequestSchema),
});
export type ReturnsOverview = z.infer<typeof returnsOverviewSchema>;

/** The photo upload's answer. */
export const returnPhotoSchema = z.object({ photoId: z.string() });
export type ReturnPhoto = z.infer<typeof returnPhotoSchema>;

/** Store: `POST /v1/merchant/stores/:id/returns/:returnId/decision/`. */
export const returnDecisionSchema = z
  .object({ accept: z.boolean(), reason: z.string().trim().max(RETURN_REASON_MAX).optional() })
  .refine((input) => input.accept || (input.reason?.length ?? 0) >= RETURN_REASON_MIN, {
    message: `Explica por qué la rechazas (al menos ${RETURN_REASON_MIN} caracteres).`,
    path: ['reason'],
  });
export type ReturnDecision = z.infer<typeof returnDecisionSchema>;

/** `?status=` on the store's and the back office's lists. */
export const storeReturnsQuerySchema = z.object({ status: z.enum(RETURN_STATUSES).optional() });
export const storeReturnsSchema = z.object({ items: z.array(returnRequestSchema) });
export type StoreReturns = z.infer<typeof storeReturnsSchema>;

/** Operator: `GET /v1/admin/returns/?status=&storeId=&page=`. */
export const adminReturnsQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES).optional(),
  storeId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminReturnsQuery = z.infer<typeof adminReturnsQuerySchema>;
export const adminReturnsSchema = z.object({
  items: z.array(returnRequestSchema),
  page: z.number().int(),
  pageCount: z.number().int(),
});
export type AdminReturns = z.infer<typeof adminReturnsSchema>;

/** Operator: `POST /v1/admin/returns/:id/overrule/` (refused → accepted). */
export const returnOverruleSchema = z.object({ reason: reasonText });
export type ReturnOverrule = z.infer<typeof returnOverruleSchema>;

/** Courier: `GET /v1/courier-returns/:token/`. */
export const courierReturnSchema = z.object({
  storeName: z.string(),
  storeAddress: z.string(),
  pickupAddress: z.string(),
  beneficiaryName: z.string(),
  beneficiaryPhone: z.string().nullable(),
  lines: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  status: z.enum(RETURN_STATUSES),
  statusText: z.string(),
});
export type CourierReturn = z.infer<typeof courierReturnSchema>;

/** Courier: `POST /v1/courier-returns/:token/picked-up/` (a wrong code: 422 'El código no coincide'). */
export const returnPickupSchema = z.object({ code: z.string().trim().min(1).max(12) });
export type ReturnPickup = z.infer<typeof returnPickupSchema>;
