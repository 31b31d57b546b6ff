import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { STAFF_MESSAGES } from './staff-messages.ts';
import { singleLineText } from './validation-rules.ts';

/** How long 'Pausar ahora' may last: a pause is for a busy afternoon; a holiday is a scheduled closure. */
export const PAUSE_MAX_HOURS = 72;
/** How far ahead a closure may be scheduled, and how long it may last. */
export const CLOSURE_MAX_DAYS = 366;
export const CLOSURE_NOTE_MAX_LENGTH = 160;

/** Whether a store takes orders now, as the shop shows it (issue 18). */
export const storeAvailabilitySchema = z.object({
  state: z.enum(['open', 'paused', 'closed']),
  /** When it takes orders again; null while open. */
  reopens_at: z.string().nullable(),
  /** The owner's note on a closure ('Feriado', 'Inventario'), '' otherwise. */
  note: z.string(),
  /** 'Pausada' or 'Cerrada hasta …', for the store's card and page; null while open. */
  badge: z.string().nullable(),
  /** Why a product of it cannot be added now, in full; null while open. */
  reason: z.string().nullable(),
});
export type StoreAvailabilityView = z.infer<typeof storeAvailabilitySchema>;

const instant = z.iso.datetime({ offset: true, message: STAFF_MESSAGES.invalidDate });

const closureSchema = z.object({
  from: instant,
  to: instant,
  note: singleLineText(
    z.string().trim().max(CLOSURE_NOTE_MAX_LENGTH, MESSAGES.tooLong(CLOSURE_NOTE_MAX_LENGTH)),
  ).or(z.literal('')),
});

/** PUT /v1/merchant/stores/:id/availability/: the pause and the scheduled closure, each null to clear it. */
export const merchantAvailabilityInputSchema = z
  .object({ paused_until: instant.nullable(), closure: closureSchema.nullable() })
  .superRefine((value, context) => {
    if (value.closure && Date.parse(value.closure.to) <= Date.parse(value.closure.from)) {
      context.addIssue({
        code: 'custom',
        path: ['closure', 'to'],
        message: STAFF_MESSAGES.closureEndsBeforeStart,
      });
    }
  });
export type MerchantAvailabilityInput = z.infer<typeof merchantAvailabilityInputSchema>;

/** What the owner sees and edits: the state now, and what is set. */
export const merchantAvailabilitySchema = storeAvailabilitySchema.extend({
  paused_until: z.string().nullable(),
  closure: z.object({ from: z.string(), to: z.string(), note: z.string() }).nullable(),
});
export type MerchantAvailability = z.infer<typeof merchantAvailabilitySchema>;
