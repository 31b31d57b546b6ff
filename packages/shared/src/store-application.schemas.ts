import { z } from 'zod';
import { emailField } from './account.schemas.ts';
import { URUGUAY_BOUNDS } from './beneficiary.schemas.ts';
import { MESSAGES } from './messages.ts';
import { personNameField } from './person-name.schemas.ts';
import { normalizeInternationalPhone } from './phone-number.ts';
import { normalizeRut } from './rut.ts';
import { STORE_KINDS } from './store-kinds.ts';
import { singleLineText } from './validation-rules.ts';

/** Issue 18, 'Vende en Mandado': a store asks to join; operators review it in the back office. */

export const STORE_NAME_MAX_LENGTH = 80;
export const STORE_ADDRESS_MAX_LENGTH = 200;

/** A required single line of at most `max` characters (also the store profile's name and address). */
export const storeTextLine = (max: number) =>
  singleLineText(
    z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max, MESSAGES.tooLong(max)),
  );

/** A map pin's coordinate inside Uruguay's box; 0 is the form's "no pin yet". */
export const storeCoordinate = (min: number, max: number) =>
  z.number({ error: MESSAGES.mapPinRequired }).superRefine((value, context) => {
    // 0 is the form's "no pin yet": one message, not also "outside Uruguay".
    if (value === 0) context.addIssue({ code: 'custom', message: MESSAGES.mapPinRequired });
    else if (value < min || value > max)
      context.addIssue({ code: 'custom', message: MESSAGES.mapPinInUruguay });
  });

/**
 * A Uruguayan number as people type it ("099 123 456", "2622 1234", "+598 99 123 456") → E.164. A number
 * without its country code is taken as Uruguay's, where every store is.
 */
export function normalizeStorePhone(value: string): string | null {
  const compact = value.replace(/[\s()\-.]/g, '');
  const international = compact.startsWith('+') ? compact : `+598${compact.replace(/^0/, '')}`;
  return normalizeInternationalPhone(international)?.e164 ?? null;
}

/** A store's Uruguayan phone as typed, kept as E.164 (the application and the store's profile). */
export function storePhoneField() {
  return z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(40, MESSAGES.invalidPhone)
    .transform((value, context) => {
      const e164 = normalizeStorePhone(value);
      if (!e164) {
        context.addIssue({ code: 'custom', message: MESSAGES.invalidPhone });
        return z.NEVER;
      }
      return e164;
    });
}

export const storeApplicationInputSchema = z.object({
  store_name: storeTextLine(STORE_NAME_MAX_LENGTH),
  kind: z.enum(STORE_KINDS, { error: MESSAGES.required }),
  address_line1: storeTextLine(STORE_ADDRESS_MAX_LENGTH),
  city_id: z.number({ error: MESSAGES.required }).int().positive().max(2_147_483_647),
  latitude: storeCoordinate(URUGUAY_BOUNDS.south, URUGUAY_BOUNDS.north),
  longitude: storeCoordinate(URUGUAY_BOUNDS.west, URUGUAY_BOUNDS.east),
  contact_name: personNameField(),
  email: emailField,
  phone: storePhoneField(),
  rut: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(30, MESSAGES.invalidRut)
    .transform((value, context) => {
      const rut = normalizeRut(value);
      if (!rut) {
        context.addIssue({ code: 'custom', message: MESSAGES.invalidRut });
        return z.NEVER;
      }
      return rut;
    }),
});
export type StoreApplicationInput = z.input<typeof storeApplicationInputSchema>;
export type StoreApplicationValues = z.output<typeof storeApplicationInputSchema>;

export const storeApplicationReceivedSchema = z.object({ id: z.number().int(), detail: z.string() });

/** The back office's view of one application (approval comes with issue 19's screens). */
export const storeApplicationSchema = z.object({
  id: z.number().int(),
  store_name: z.string(),
  kind: z.enum(STORE_KINDS),
  address_line1: z.string(),
  city: z.string(),
  contact_name: z.string(),
  email: z.string(),
  phone: z.string(),
  rut: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  created: z.string(),
  store_id: z.number().int().nullable(),
  /** Why an operator rejected it (issue 19); '' otherwise. */
  rejection_reason: z.string(),
});
export const storeApplicationListSchema = z.object({ results: z.array(storeApplicationSchema) });
export const storeApplicationApprovedSchema = z.object({ store_id: z.number().int() });
