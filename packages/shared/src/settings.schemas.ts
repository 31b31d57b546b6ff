import { z } from 'zod';
import { decimalString } from './catalog.schemas.ts';

export const settingsSchema = z.object({
  free_shipping_threshold: decimalString,
  /** Seconds since the epoch. */
  header_banner_end_at: z.number().int(),
  /** Leaflet tile URL template ('https://tile.openstreetmap.org/{z}/{x}/{y}.png'), from MAP_TILE_URL. */
  map_tile_url: z.string(),
  /** Plain-text attribution the map shows ('© OpenStreetMap contributors'). */
  map_attribution: z.string(),
});
export type Settings = z.infer<typeof settingsSchema>;
