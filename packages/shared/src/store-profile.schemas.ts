import { z } from 'zod';
import { URUGUAY_BOUNDS } from './beneficiary.schemas.ts';
import { weeklyHoursResponseSchema } from './catalog.schemas.ts';
import { MESSAGES } from './messages.ts';
import {
  STORE_ADDRESS_MAX_LENGTH,
  STORE_NAME_MAX_LENGTH,
  storeCoordinate,
  storePhoneField,
  storeTextLine,
} from './store-application.schemas.ts';
import { singleLineText } from './validation-rules.ts';

/** Issue 18, the store's profile on /comercio/tienda (decision 047). The hours have their own schema. */

export const STORE_ADDRESS_LINE2_MAX_LENGTH = 100;

/**
 * PUT /v1/merchant/stores/:id/profile/: the same name, address, pin and phone rules as 'Vende en Mandado'
 * (the server also checks the name is free and the pin inside the served city).
 */
export const storeProfileInputSchema = z.object({
  name: storeTextLine(STORE_NAME_MAX_LENGTH),
  phone: storePhoneField(),
  address_line1: storeTextLine(STORE_ADDRESS_MAX_LENGTH),
  address_line2: singleLineText(
    z.string().trim().max(STORE_ADDRESS_LINE2_MAX_LENGTH, MESSAGES.tooLong(STORE_ADDRESS_LINE2_MAX_LENGTH)),
  )
    .or(z.literal(''))
    .or(z.literal('')),
  latitude: storeCoordinate(URUGUAY_BOUNDS.south, URUGUAY_BOUNDS.north),
  longitude: storeCoordinate(URUGUAY_BOUNDS.west, URUGUAY_BOUNDS.east),
});
export type StoreProfileInput = z.input<typeof storeProfileInputSchema>;
export type StoreProfileValues = z.output<typeof storeProfileInputSchema>;

/** What the owner sees: the profile, its logo and its week (null: no hours, always open). */
export const merchantStoreProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** E.164, '' until the owner sets one. */
  phone: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  logo: z.string(),
  hours: weeklyHoursResponseSchema.nullable(),
});
export type MerchantStoreProfile = z.infer<typeof merchantStoreProfileSchema>;
