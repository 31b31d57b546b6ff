import { z } from 'zod';
import { COURIER_MESSAGES } from './courier-messages.ts';
import { deliveryAttemptSchema } from './delivery.schemas.ts';
import { ATTEMPT_REASONS } from './fulfilment.ts';
import { MESSAGES } from './messages.ts';
import { STORE_ORDER_STATUSES } from './order-status.ts';
import { personNameProblem, singleLineText, singleLineTextProblem } from './validation-rules.ts';

/**
 * The courier's link (issue 17): `/entrega/<token>`, no account, the token is the credential. And the
 * delivery code typed at the door or at the store's counter.
 */

/** What a courier may do on the link now, for the page to offer (the server checks again on each call). */
export const COURIER_ACTIONS = ['picked_up', 'delivered', 'attempt'] as const;
export type CourierAction = (typeof COURIER_ACTIONS)[number];

/** How a person who received the goods is written: a full name, one line, no links (like every name). */
export const RECIPIENT_NAME_MAX_LENGTH = 80;

export const recipientNameSchema = singleLineText(
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required, abort: true })
    .max(RECIPIENT_NAME_MAX_LENGTH, MESSAGES.tooLong(RECIPIENT_NAME_MAX_LENGTH)),
).refine((value) => personNameProblem(value) !== 'link', MESSAGES.nameWithLink);

/** The 4 digits the beneficiary reads out from the tracking page. */
export const deliveryCodeSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .regex(/^\d{4}$/, COURIER_MESSAGES.codeFormat);

/** `POST /v1/courier/:token/delivered/`. `photo_id` is what `…/photos/` answered for this store order. */
export const courierDeliveredInputSchema = z.object({
  recipient_name: recipientNameSchema,
  code: deliveryCodeSchema,
  photo_id: z.uuid().nullable().default(null),
});
export type CourierDeliveredInput = z.infer<typeof courierDeliveredInputSchema>;

export const ATTEMPT_NOTE_MAX_LENGTH = 300;

/** `POST /v1/courier/:token/attempts/`: the reason, and a note (needed when the reason is 'other'). */
export const courierAttemptInputSchema = z
  .object({
    reason: z.enum(ATTEMPT_REASONS),
    note: z
      .string()
      .trim()
      .max(ATTEMPT_NOTE_MAX_LENGTH, MESSAGES.tooLong(ATTEMPT_NOTE_MAX_LENGTH))
      .superRefine((value, context) => {
        // Blank is "no note" (what an empty field sends); only 'other' requires one, below.
        const problem = value === '' ? null : singleLineTextProblem(value);
        if (problem === 'control') context.addIssue({ code: 'custom', message: MESSAGES.singleLineText });
        else if (problem === 'invisible') context.addIssue({ code: 'custom', message: MESSAGES.required });
        // The note reaches the remitter's e-mail and pages: like a name, it may not carry a link.
        else if (value !== '' && personNameProblem(value) === 'link') {
          context.addIssue({ code: 'custom', message: COURIER_MESSAGES.noteWithLink });
        }
      })
      .default(''),
  })
  .superRefine((value, context) => {
    if (value.reason === 'other' && value.note === '') {
      context.addIssue({ code: 'custom', path: ['note'], message: COURIER_MESSAGES.noteRequired });
    }
  });
export type CourierAttemptInput = z.infer<typeof courierAttemptInputSchema>;

/** `POST /v1/merchant/stores/:id/orders/:number/deliver/`: the pick-up handed over at the counter. */
export const counterDeliverInputSchema = z.object({
  recipient_name: recipientNameSchema,
  code: deliveryCodeSchema,
});
export type CounterDeliverInput = z.infer<typeof counterDeliverInputSchema>;

/** `POST /v1/courier/:token/photos/` (raw image body): the stored photo, to name in `…/delivered/`. */
export const courierPhotoResultSchema = z.object({ photo_id: z.uuid() });

/**
 * `GET /v1/courier/:token/` and every courier POST's answer: what the courier needs to hand the order over,
 * and nothing more (never the delivery code, prices or the remitter's contact).
 */
export const courierStoreOrderSchema = z.object({
  number: z.string(),
  status: z.enum(STORE_ORDER_STATUSES),
  status_label: z.string(),
  store: z.object({ name: z.string(), address: z.string() }),
  /**
   * Who receives it and where. Null once the delivery is over (delivered, fulfilled or rejected, issue 27):
   * the link then shows only the outcome, never the address or the phones again.
   */
  recipient: z
    .object({
      first_name: z.string(),
      last_name: z.string(),
      address_line1: z.string(),
      city: z.string(),
      state: z.string(),
      /** Opens the pin in the phone's maps app; null when there is no pin. */
      maps_link: z.string().nullable(),
      mobile_number: z.string(),
      phone_number: z.string(),
      delivery_notes: z.string(),
      /** Set when the address lies in a zone where the courier arranges a meeting point. */
      meeting_point: z.string().nullable(),
    })
    .nullable(),
  /** `lines`: distinct products handed over; `units`: their total count (substitutes included). */
  packages: z.object({ lines: z.number().int(), units: z.number().int() }),
  /** Issue 29: what to tick off at pick-up, by name and units handed over (substitutes by their name). */
  items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  delivery_window: z.object({ from: z.string(), to: z.string() }),
  /** The window the family waits at home in (decision 065): 'mar 1/12, 9:00 a 13:00'; null without one. */
  window_text: z.string().nullable(),
  attempts: z.array(deliveryAttemptSchema),
  actions: z.array(z.enum(COURIER_ACTIONS)),
  /** Wrong codes still allowed before the link locks. */
  code_tries_left: z.number().int(),
  delivered: z.object({ at: z.string(), received_by: z.string() }).nullable(),
});
export type CourierStoreOrder = z.infer<typeof courierStoreOrderSchema>;
