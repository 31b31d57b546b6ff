import { z } from 'zod';
import { decimalString } from './catalog.schemas.ts';

/**
 * The public settings: the registry's public keys (settings-registry.ts, decision 038; a unit test keeps the
 * two lists equal) plus what the site's configuration adds (map tiles, widgets).
 */
export const settingsSchema = z.object({
  free_shipping_threshold: decimalString,
  /** Per store, US$ (spec §1): a store in the delivery city, and one outside it (operators edit both). */
  shipping_fee_in_city: decimalString,
  shipping_fee_outside_city: decimalString,
  /** The promotion's sentence, shown before its countdown. */
  header_banner_text: z.string(),
  /** Seconds since the epoch. */
  header_banner_end_at: z.number().int(),
  /** Leaflet tile URL template ('https://tile.openstreetmap.org/{z}/{x}/{y}.png'), from MAP_TILE_URL. */
  map_tile_url: z.string(),
  /** Plain-text attribution the map shows ('© OpenStreetMap contributors'). */
  map_attribution: z.string(),
  /** Referral program (issue 11): the invitee's welcome credit, the inviter's reward, the first-purchase minimum (USD). */
  referral_invitee_reward: decimalString,
  referral_inviter_reward: decimalString,
  referral_minimum_purchase: decimalString,
  /** Support contact (spec §1): the WhatsApp number, digits only with the country code (wa.me), and the e-mail. */
  support_whatsapp_number: z.string(),
  support_email: z.string(),
  /** Support hours, written to follow "Atendemos de " ('lunes a domingo, de 8:00 a 20:00'). */
  support_hours: z.string(),
  /** Days after delivery when the proof photo, delivery messages and recipient's phones are erased (issue 32). */
  personal_data_retention_days: z.number().int(),
  /** Third-party widgets (spec §7), null when not configured: see third-party-widgets.ts. */
  widgets: z.object({
    tag_manager_id: z.string().nullable(),
    error_reporting_key: z.string().nullable(),
    ads_id: z.string().nullable(),
    chat_website_id: z.string().nullable(),
  }),
});
export type Settings = z.infer<typeof settingsSchema>;
