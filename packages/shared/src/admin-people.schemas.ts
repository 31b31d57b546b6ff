import { z } from 'zod';
import { staffReasonField } from './admin-stores.schemas.ts';
import { decimalString } from './catalog.schemas.ts';
import { MESSAGES } from './messages.ts';
import { OPERATOR_GROUPS, ROLES, STORE_MEMBER_ROLES } from './permissions.ts';
import { WALLET_ENTRY_KINDS } from './wallet.schemas.ts';

/** Issue 19, the back office's people: accounts, their roles and memberships, locks and wallet. */

export const ADMIN_PEOPLE_MESSAGES = {
  selfOperator:
    'No puedes quitarte ni bajarte tu propio grupo de operador: pídeselo a otra persona de administración.',
  selfLock: 'No puedes bloquear tu propia cuenta.',
  alreadyLocked: 'La cuenta ya está bloqueada.',
  notLocked: 'La cuenta no está bloqueada.',
  /** The login's answer to a locked account (after the right password only: it tells nothing to a guesser). */
  accountLocked: 'Tu cuenta está bloqueada. Si crees que es un error, escríbenos a soporte.',
  amountInvalid:
    'Escribe un monto en dólares distinto de cero, con hasta dos decimales (por ejemplo 5 o -2,50).',
  walletShort: 'El saldo no alcanza: el ajuste lo dejaría por debajo de cero.',
  /** Nobody credits their own wallet: the money would be theirs to spend in the shop. */
  selfWallet:
    'No puedes ajustar el saldo de tu propia cuenta: pídeselo a otra persona de pagos o administración.',
  idempotencyKeyRequired: 'Falta el encabezado Idempotency-Key (una clave por ajuste).',
  idempotencyKeyReused: 'Esa clave ya se usó para otro ajuste.',
  storeNotFound: 'No existe esa tienda.',
  /** Four eyes on people (issue 27): a grant waits for a second operator of administración. */
  grantPending: 'Ya hay un cambio de grupo pendiente para esta cuenta: apruébalo o recházalo primero.',
  grantOwnRequest:
    'Pediste tú este cambio de grupo: otra persona de administración del equipo debe aprobarlo.',
  grantForYou:
    'Este cambio de grupo es para tu cuenta: otra persona de administración del equipo debe aprobarlo.',
  grantDecided: 'Ese cambio de grupo ya fue aprobado o rechazado.',
  selfSecondFactor:
    'No puedes quitar tu propia verificación en dos pasos: pídeselo a otra persona de administración.',
  noSecondFactor: 'La cuenta no tiene la verificación en dos pasos activa.',
} as const;

export const OPERATOR_GROUP_LABELS: Record<(typeof OPERATOR_GROUPS)[number], string> = {
  administracion: 'Administración',
  pagos: 'Pagos',
  soporte: 'Soporte',
};

export const ADMIN_PEOPLE_PAGE_SIZE = 30;

/** GET /v1/admin/people/?q=&cursor=: newest accounts first; `q` matches the e-mail or the name. */
export const adminPeopleQuerySchema = z.object({
  q: z.string().trim().max(100, MESSAGES.tooLong(100)).optional(),
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, MESSAGES.invalidValue)
    // Past an integer id's range the database would fail the comparison (a 500), not find nothing.
    .refine((value) => Number(value) <= 2_147_483_647, MESSAGES.invalidValue)
    .transform(Number)
    .optional(),
});

export const adminPersonSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  operator_group: z.enum(OPERATOR_GROUPS).nullable(),
  locked: z.boolean(),
  created: z.string(),
});
export type AdminPersonSummary = z.infer<typeof adminPersonSummarySchema>;
export const adminPeopleListSchema = z.object({
  results: z.array(adminPersonSummarySchema),
  /** The cursor of the next page; null on the last. */
  next: z.string().nullable(),
});
export type AdminPeopleList = z.infer<typeof adminPeopleListSchema>;

export const adminPersonMembershipSchema = z.object({
  store_id: z.number().int(),
  store_name: z.string(),
  role: z.enum(STORE_MEMBER_ROLES),
});

/** GET /v1/admin/people/:id/ (and every person action's answer). */
export const adminPersonSchema = adminPersonSummarySchema.extend({
  phone: z.string(),
  memberships: z.array(adminPersonMembershipSchema),
  locked_at: z.string().nullable(),
  locked_reason: z.string(),
  /** The wallet's balance in USD ("12.50"). */
  credit: decimalString,
  orders_total: z.number().int(),
  orders_last_30_days: z.number().int(),
  /** Whether this is the operator looking (no self-lock, no self-downgrade). */
  you: z.boolean(),
  /** A group granted or raised that waits for a second operator's approval (issue 27), or null. */
  pending_operator_group: z.enum(OPERATOR_GROUPS).nullable(),
  /** Whether the account has a second factor on (issue 27); an operator may take it off (a lost phone). */
  second_factor: z.boolean(),
});
export type AdminPerson = z.infer<typeof adminPersonSchema>;

/** GET /v1/admin/operator-grants/: operator groups asked for and not yet approved or rejected, oldest first. */
export const adminOperatorGrantSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  current_group: z.enum(OPERATOR_GROUPS).nullable(),
  group: z.enum(OPERATOR_GROUPS),
  requested_by: z.string(),
  requested: z.string(),
  /** Whether the operator looking may approve it: not theirs, not for them, and they are in administración. */
  can_approve: z.boolean(),
});
export type AdminOperatorGrant = z.infer<typeof adminOperatorGrantSchema>;
export const adminOperatorGrantListSchema = z.object({ results: z.array(adminOperatorGrantSchema) });
export type AdminOperatorGrantList = z.infer<typeof adminOperatorGrantListSchema>;

/** PUT …/:id/operator/: the operator's group, or null to take the role away. */
export const adminOperatorInputSchema = z.object({
  group: z.enum(OPERATOR_GROUPS, { error: MESSAGES.invalidValue }).nullable(),
});
export type AdminOperatorInput = z.infer<typeof adminOperatorInputSchema>;

/** POST …/:id/memberships/: grants a merchant role in a store. */
export const adminMembershipInputSchema = z.object({
  store_id: z.number({ error: MESSAGES.required }).int().positive().max(2_147_483_647),
  role: z.enum(STORE_MEMBER_ROLES, { error: MESSAGES.required }),
});
export type AdminMembershipInput = z.input<typeof adminMembershipInputSchema>;

const dbId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(2_147_483_647));
export const adminMembershipParamsSchema = z.object({ id: dbId, storeId: dbId });

/** POST …/:id/lock/ */
export const adminLockInputSchema = z.object({ reason: staffReasonField() });
export type AdminLockInput = z.input<typeof adminLockInputSchema>;

/** GET …/:id/wallet/: the balance and the ledger, newest first, with who made each adjustment. */
export const adminWalletSchema = z.object({
  balance: decimalString,
  entries: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(WALLET_ENTRY_KINDS),
      amount: decimalString,
      order: z.string().nullable(),
      note: z.string(),
      created: z.string(),
      created_by: z.string().nullable(),
    }),
  ),
});
export type AdminWallet = z.infer<typeof adminWalletSchema>;

/**
 * A signed USD amount as an operator types it ("5", "-2,50", "10.5") → minor units; never zero, at most
 * USD 100,000 either way.
 */
export function parseAdjustmentAmount(value: string): number | null {
  const match = /^\s*([+-]?)\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(value);
  if (!match) return null;
  const whole = Number(match[2]);
  const cents = Number((match[3] ?? '').padEnd(2, '0'));
  const minor = whole * 100 + cents;
  if (minor === 0 || minor > 10_000_000) return null;
  return match[1] === '-' ? -minor : minor;
}

/** POST …/:id/wallet/adjustments/ (header Idempotency-Key): a new 'adjustment' entry with its reason. */
export const adminWalletAdjustmentInputSchema = z.object({
  amount: z
    .string({ error: ADMIN_PEOPLE_MESSAGES.amountInvalid })
    .max(20, ADMIN_PEOPLE_MESSAGES.amountInvalid)
    .transform((value, context) => {
      const minor = parseAdjustmentAmount(value);
      if (minor === null) {
        context.addIssue({ code: 'custom', message: ADMIN_PEOPLE_MESSAGES.amountInvalid });
        return z.NEVER;
      }
      return minor;
    }),
  reason: staffReasonField(),
});
export type AdminWalletAdjustmentInput = z.input<typeof adminWalletAdjustmentInputSchema>;
