import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { STAFF_MESSAGES } from './staff-messages.ts';
import { clockMinutes, padClock, WEEKDAY_LABELS, WEEKDAYS } from './store-hours.ts';
import {
  GIFT_MESSAGE_MAX,
  MAX_CUTOFF_MINUTES,
  MAX_WINDOW_CAPACITY,
  MAX_WINDOWS,
  OCCASION_DAYS_AHEAD,
} from './store-windows.ts';

/** Texts of delivery windows (decision 065), for the checkout, the API's refusals and the store's settings. */
export const WINDOW_MESSAGES = {
  windowFull: (text: string) => `La franja ${text} está completa. Elige otra.`,
  windowClosed: (text: string) => `La franja ${text} ya cerró: elige una franja más adelante.`,
  windowUnknown: 'Esa franja de entrega no existe para este comercio. Elige una de la lista.',
  dayTooFar: `Puedes elegir una fecha de hasta ${OCCASION_DAYS_AHEAD} días desde hoy.`,
  dayPast: 'Esa fecha ya pasó. Elige hoy o una fecha más adelante.',
  noWindowLeft:
    'Este comercio no tiene franjas de entrega libres en los próximos días. Escríbenos y te ayudamos.',
  giftTooLong: `El mensaje puede tener hasta ${GIFT_MESSAGE_MAX} caracteres.`,
  windowsEndBeforeStart: (day: string) => `${day}: la franja tiene que terminar después de empezar`,
  windowsOverlap: (day: string) => `${day}: las franjas no pueden superponerse`,
  windowsNone: 'Pon al menos una franja de entrega.',
  full: 'Completo',
  saved: 'Franjas de entrega guardadas',
} as const;

const clock = z
  .string({ error: STAFF_MESSAGES.invalidClock })
  .refine((value) => clockMinutes(value) !== null, STAFF_MESSAGES.invalidClock)
  .transform(padClock);

export const storeWindowSchema = z.object({
  weekday: z.enum(WEEKDAYS, { error: MESSAGES.invalidValue }),
  from: clock,
  to: clock,
  capacity: z
    .number({ error: MESSAGES.invalidValue })
    .int(MESSAGES.invalidValue)
    .min(1, MESSAGES.invalidValue)
    .max(MAX_WINDOW_CAPACITY, MESSAGES.invalidValue),
  cutoff_minutes: z
    .number({ error: MESSAGES.invalidValue })
    .int(MESSAGES.invalidValue)
    .min(0, MESSAGES.invalidValue)
    .max(MAX_CUTOFF_MINUTES, MESSAGES.invalidValue),
});

/** `PUT /v1/merchant/delivery-windows/`: the whole week, in order; each day's windows apart. */
export const storeWindowsSchema = z
  .object({
    windows: z
      .array(storeWindowSchema, { error: MESSAGES.invalidValue })
      .min(1, WINDOW_MESSAGES.windowsNone)
      .max(MAX_WINDOWS, MESSAGES.invalidValue),
  })
  .superRefine((value, context) => {
    for (const day of WEEKDAYS) {
      const spans = value.windows
        .filter((window) => window.weekday === day)
        .map((window) => [clockMinutes(window.from) ?? 0, clockMinutes(window.to) ?? 0] as const)
        .sort((a, b) => a[0] - b[0]);
      const label = WEEKDAY_LABELS[day];
      if (spans.some(([from, to]) => to <= from)) {
        context.addIssue({
          code: 'custom',
          path: ['windows'],
          message: WINDOW_MESSAGES.windowsEndBeforeStart(label),
        });
      } else if (spans.some((span, index) => index > 0 && span[0] < (spans[index - 1]?.[1] ?? 0))) {
        context.addIssue({
          code: 'custom',
          path: ['windows'],
          message: WINDOW_MESSAGES.windowsOverlap(label),
        });
      }
    }
  });
export type StoreWindowsInput = z.input<typeof storeWindowsSchema>;

export const storeWindowsViewSchema = z.object({
  windows: z.array(
    z.object({
      weekday: z.enum(WEEKDAYS),
      from: z.string(),
      to: z.string(),
      capacity: z.number().int(),
      cutoff_minutes: z.number().int(),
    }),
  ),
  /** True while the store keeps the defaults (it never saved its own). */
  defaults: z.boolean(),
});
export type StoreWindowsView = z.infer<typeof storeWindowsViewSchema>;

/** `GET /v1/checkout/delivery-slots/?day=YYYY-MM-DD`: the cart's stores' windows, from the day or the earliest. */
export const deliverySlotsQuerySchema = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.invalidValue)
    .optional(),
});

export const deliverySlotSchema = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  text: z.string(),
  full: z.boolean(),
});
export type DeliverySlotView = z.infer<typeof deliverySlotSchema>;

export const deliverySlotsSchema = z.object({
  /** The last day the remitter may choose (Montevideo, YYYY-MM-DD). */
  last_day: z.string(),
  stores: z.array(
    z.object({ store_id: z.number().int(), store_name: z.string(), slots: z.array(deliverySlotSchema) }),
  ),
});
export type DeliverySlots = z.infer<typeof deliverySlotsSchema>;

/** What the order's body carries per store order: the window's start; absent, the earliest with room. */
export const chosenSlotSchema = z.object({
  store_id: z.number().int().positive().max(2_147_483_647),
  starts_at: z.iso.datetime({ offset: true, error: MESSAGES.invalidValue }),
});

/** The gift message the family reads on the tracking page and the store on the order (optional). */
export const giftMessageSchema = z
  .string()
  .trim()
  .max(GIFT_MESSAGE_MAX, WINDOW_MESSAGES.giftTooLong)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .default(null);
