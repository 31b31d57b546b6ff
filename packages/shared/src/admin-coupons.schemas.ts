import { z } from 'zod';
import { decimalString } from './catalog.schemas.ts';
import { normalizeCouponCode } from './coupon-rules.ts';
import { DISCOUNT_TYPES } from './order-pricing.ts';

/** The back office's coupons (issue 19): /v1/admin/coupons/ and its Spanish messages. */

export const ADMIN_COUPONS_MESSAGES = {
  code: 'Escribe un código de 3 a 30 letras, números o guiones.',
  codeTaken: 'Ya existe un cupón con ese código.',
  type: 'Elige monto fijo o porcentaje.',
  value: 'Escribe un valor mayor que cero, como 10 o 12.50.',
  percentTooHigh: 'Un porcentaje no puede pasar de 100.',
  minimum: 'Escribe un monto mínimo en dólares (0 si no hay mínimo).',
  date: 'Escribe una fecha válida.',
  untilBeforeFrom: 'El fin de la validez debe ser posterior a su inicio.',
  limit: 'Escribe un número entero mayor que cero, o déjalo vacío para no poner límite.',
  usedTermsLocked:
    'Este cupón ya se usó: su tipo y su valor no pueden cambiar. Puedes terminarlo y crear otro.',
  totalBelowUses: (uses: number) => `El límite total no puede ser menor que los ${uses} usos que ya tiene.`,
  notFound: 'Ese cupón no existe.',
} as const;

const amount = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((value) => value.replace(',', '.'))
    .pipe(z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, message));

const optionalLimit = z
  .number({ error: ADMIN_COUPONS_MESSAGES.limit })
  .int(ADMIN_COUPONS_MESSAGES.limit)
  .positive(ADMIN_COUPONS_MESSAGES.limit)
  .max(1_000_000, ADMIN_COUPONS_MESSAGES.limit)
  .nullable();

const optionalDate = z.iso
  .datetime({ offset: true, error: ADMIN_COUPONS_MESSAGES.date })
  // A plausible year: the database has no year 0 (a 500), and no coupon starts or ends centuries away.
  .refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 2000 && year < 2200;
  }, ADMIN_COUPONS_MESSAGES.date)
  .nullable();

export const couponInputSchema = z
  .object({
    code: z
      .string({ error: ADMIN_COUPONS_MESSAGES.code })
      .transform(normalizeCouponCode)
      .pipe(z.string().regex(/^[A-Z0-9-]{3,30}$/, ADMIN_COUPONS_MESSAGES.code)),
    type: z.enum(DISCOUNT_TYPES, { error: ADMIN_COUPONS_MESSAGES.type }),
    /** US$ for a fixed amount, percent for a percentage. */
    value: amount(ADMIN_COUPONS_MESSAGES.value).refine(
      (value) => Number(value) > 0,
      ADMIN_COUPONS_MESSAGES.value,
    ),
    minimum_purchase: amount(ADMIN_COUPONS_MESSAGES.minimum),
    valid_from: optionalDate,
    valid_until: optionalDate,
    max_uses_total: optionalLimit,
    max_uses_per_user: optionalLimit,
  })
  .superRefine((input, context) => {
    if (input.type === 'discount_percentage' && Number(input.value) > 100) {
      context.addIssue({ code: 'custom', path: ['value'], message: ADMIN_COUPONS_MESSAGES.percentTooHigh });
    }
    if (
      input.valid_from &&
      input.valid_until &&
      Date.parse(input.valid_until) <= Date.parse(input.valid_from)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['valid_until'],
        message: ADMIN_COUPONS_MESSAGES.untilBeforeFrom,
      });
    }
  });
export type CouponInput = z.input<typeof couponInputSchema>;
export type CouponValues = z.output<typeof couponInputSchema>;

export const adminCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.enum(DISCOUNT_TYPES),
  value: decimalString,
  minimum_purchase: decimalString,
  valid_from: z.iso.datetime({ offset: true }).nullable(),
  valid_until: z.iso.datetime({ offset: true }).nullable(),
  max_uses_total: z.number().int().nullable(),
  max_uses_per_user: z.number().int().nullable(),
  uses_count: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const adminCouponListSchema = z.object({
  results: z.array(adminCouponSchema),
  /** Pass as `cursor` for the next (older) page; null on the last one. */
  next_cursor: z.string().nullable(),
});
export type AdminCouponList = z.infer<typeof adminCouponListSchema>;

export const couponListQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,10}$/)
    // Past an integer id's range the database would fail the comparison (a 500), not find nothing.
    .refine((value) => Number(value) <= 2_147_483_647)
    .optional(),
  q: z.string().trim().max(30).optional(),
});

export const couponIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
