import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * `GET /v1/admin/audit/` (issue 19): every staff action, newest first, with who did it (name, e-mail, the
 * capacity they acted in and an operator's group), what it touched and the detail recorded with it (usually
 * `before` and `after`). Filters: the actor (a user id or an e-mail), an action prefix (`store.` lists every
 * store action), the exact subject (`order:MV-10234`), a store, Montevideo days; a keyset cursor.
 */

export const AUDIT_PAGE_SIZE = 50;

export const ADMIN_AUDIT_MESSAGES = {
  badActor: 'Escribe el número de usuario o el correo de quien hizo la acción.',
  badDay: 'Usa una fecha como 2026-03-01.',
  badRange: 'La fecha «hasta» no puede ser anterior a «desde».',
  badCursor: 'No pudimos seguir la lista desde ahí: vuelve a cargarla.',
  badStore: 'El número de tienda no es válido.',
} as const;

const day = z
  .string()
  // 19xx or 20xx: the database has no year 0, nor the day after 9999-12-31 (a 500, not a filter).
  .regex(/^(?:19|20)\d{2}-\d{2}-\d{2}$/, ADMIN_AUDIT_MESSAGES.badDay)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), ADMIN_AUDIT_MESSAGES.badDay);

/** A user id (digits) or an e-mail address: what an operator has at hand. */
const actor = z
  .string()
  .trim()
  .max(254, MESSAGES.tooLong(254))
  .refine(
    (value) => /^\d{1,9}$/.test(value) || /^[^\s@]+@[^\s@]+$/.test(value),
    ADMIN_AUDIT_MESSAGES.badActor,
  );

export const auditQuerySchema = z
  .object({
    actor: actor.optional(),
    action: z.string().trim().max(100, MESSAGES.tooLong(100)).optional(),
    subject: z.string().trim().max(200, MESSAGES.tooLong(200)).optional(),
    store_id: z.coerce
      .number({ error: ADMIN_AUDIT_MESSAGES.badStore })
      .int({ error: ADMIN_AUDIT_MESSAGES.badStore })
      .positive({ error: ADMIN_AUDIT_MESSAGES.badStore })
      .max(2_147_483_647, { error: ADMIN_AUDIT_MESSAGES.badStore })
      .optional(),
    from: day.optional(),
    to: day.optional(),
    cursor: z.string().max(300).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: ADMIN_AUDIT_MESSAGES.badRange,
    path: ['to'],
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Null when the account was deleted since (the row stays). */
  actor: z
    .object({
      user_id: z.number().int(),
      name: z.string(),
      email: z.string(),
    })
    .nullable(),
  /**
   * The capacity they acted in: a store's `owner` or `staff`, an `operator` from the back office, or a store
   * order's `courier_link` (no account; the subject names the store order).
   */
  actor_role: z.enum(['owner', 'staff', 'operator', 'courier_link']),
  /** The operator's group today (administracion, pagos, soporte), null for others. */
  operator_group: z.string().nullable(),
  store: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  action: z.string(),
  subject: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditPageSchema = z.object({
  results: z.array(auditEventSchema),
  /** Opaque; pass it back as `cursor` for older rows, null on the last page. */
  next_cursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
