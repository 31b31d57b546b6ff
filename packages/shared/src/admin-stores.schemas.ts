import { z } from 'zod';
import { emailField } from './account.schemas.ts';
import { decimalString } from './catalog.schemas.ts';
import { MESSAGES } from './messages.ts';
import { STORE_MEMBER_ROLES } from './permissions.ts';
import { STORE_KINDS } from './store-kinds.ts';
import { multiLineText } from './validation-rules.ts';

/** Issue 19, the back office's stores: applications, stores with their state, members and commission. */

export const ADMIN_STORES_MESSAGES = {
  reasonRequired: 'Escribe el motivo.',
  storeAlreadySuspended: 'La tienda ya está suspendida.',
  storeAlreadyOpen: 'La tienda ya está abierta.',
  storeRejected: 'Esta tienda fue rechazada: no se puede suspender ni abrir.',
  commissionRange: 'La comisión va de 0 a 50 %, con hasta dos decimales.',
  noAccount: 'No hay ninguna cuenta con ese correo. Pídele que se registre primero.',
  sameRole: 'Esa persona ya trabaja en la tienda con ese rol.',
  lastOwner: 'La tienda necesita al menos un dueño: suma otro dueño antes de quitar o cambiar a este.',
  memberNotFound: 'Esa persona no trabaja en la tienda.',
} as const;

/** What a staff member writes to explain an action (a suspension, a rejection, a lock): shown to people. */
export const STAFF_REASON_MAX_LENGTH = 500;
export const staffReasonField = () =>
  multiLineText(
    z
      .string({ error: ADMIN_STORES_MESSAGES.reasonRequired })
      .trim()
      .min(1, ADMIN_STORES_MESSAGES.reasonRequired)
      .max(STAFF_REASON_MAX_LENGTH, MESSAGES.tooLong(STAFF_REASON_MAX_LENGTH)),
  );

/** POST /v1/admin/store-applications/:id/reject/: the reason is e-mailed to the applicant. */
export const storeApplicationRejectInputSchema = z.object({ reason: staffReasonField() });
export type StoreApplicationRejectInput = z.input<typeof storeApplicationRejectInputSchema>;
export const storeApplicationRejectedSchema = z.object({
  id: z.number().int(),
  status: z.literal('rejected'),
});

/** A store's status as the back office sees it; `approved` is shown as open. */
export const ADMIN_STORE_STATUSES = ['approved', 'pending', 'suspended', 'rejected'] as const;
export type AdminStoreStatus = (typeof ADMIN_STORE_STATUSES)[number];
export const ADMIN_STORE_STATUS_LABELS: Record<AdminStoreStatus, string> = {
  approved: 'Abierta',
  pending: 'Pendiente',
  suspended: 'Suspendida',
  rejected: 'Rechazada',
};

/** GET /v1/admin/stores/?q=&status=: a name search and a status filter (every store fits one page). */
export const adminStoreListQuerySchema = z.object({
  q: z.string().trim().max(100, MESSAGES.tooLong(100)).optional(),
  status: z.enum(ADMIN_STORE_STATUSES, { error: MESSAGES.invalidValue }).optional(),
});
export type AdminStoreListQuery = z.infer<typeof adminStoreListQuerySchema>;

export const adminStoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(STORE_KINDS),
  status: z.enum(ADMIN_STORE_STATUSES),
  /** Why it was suspended; '' otherwise. */
  status_reason: z.string(),
  city: z.string(),
  /** How many people work for it (store_members). */
  member_count: z.number().int(),
  /** Our commission in percent ("12.50"); new orders freeze it. */
  commission_rate: decimalString,
  created: z.string(),
});
export type AdminStoreRow = z.infer<typeof adminStoreSchema>;
export const adminStoreListSchema = z.object({ results: z.array(adminStoreSchema) });
export type AdminStoreList = z.infer<typeof adminStoreListSchema>;

export const adminStoreMemberSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STORE_MEMBER_ROLES),
});
export type AdminStoreMember = z.infer<typeof adminStoreMemberSchema>;

/** GET /v1/admin/stores/:id/ (and every store action's answer): the store with its members. */
export const adminStoreDetailSchema = adminStoreSchema.extend({
  address_line1: z.string(),
  phone: z.string(),
  members: z.array(adminStoreMemberSchema),
});
export type AdminStoreDetail = z.infer<typeof adminStoreDetailSchema>;

/** POST …/:id/suspend/: the store leaves the shop at once; its open orders stay workable. */
export const adminStoreSuspendInputSchema = z.object({ reason: staffReasonField() });
export type AdminStoreSuspendInput = z.input<typeof adminStoreSuspendInputSchema>;

export const COMMISSION_MAX_PERCENT = 50;

/** Whether a percent has at most two decimals (12.5 and 12.25, not 12.345), allowing for binary floats. */
function hasTwoDecimalsAtMost(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** PUT …/:id/commission/: 0 to 50 percent, two decimals at most. */
export const adminStoreCommissionInputSchema = z.object({
  commission_rate: z
    .number({ error: ADMIN_STORES_MESSAGES.commissionRange })
    .min(0, ADMIN_STORES_MESSAGES.commissionRange)
    .max(COMMISSION_MAX_PERCENT, ADMIN_STORES_MESSAGES.commissionRange)
    .refine(hasTwoDecimalsAtMost, ADMIN_STORES_MESSAGES.commissionRange),
});
export type AdminStoreCommissionInput = z.input<typeof adminStoreCommissionInputSchema>;

/** POST …/:id/members/: an existing account, by its e-mail, as owner or staff. */
export const adminStoreMemberInputSchema = z.object({
  email: emailField,
  role: z.enum(STORE_MEMBER_ROLES, { error: MESSAGES.required }),
});
export type AdminStoreMemberInput = z.input<typeof adminStoreMemberInputSchema>;

/** DELETE …/stores/:id/members/:userId/ */
export const adminStoreMemberParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
  userId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
});
