import { z } from 'zod';
import { decimalString } from './catalog.schemas.ts';

export const settingsSchema = z.object({
  free_shipping_threshold: decimalString,
  /** Seconds since the epoch. */
  header_banner_end_at: z.number().int(),
});
export type Settings = z.infer<typeof settingsSchema>;
