import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import type { Settings } from '@mandado/shared/settings.schemas';
import type { Database } from '../../db/database.ts';
import { DEFAULT_MAP_TILES, type MapTiles } from './map-tiles.ts';
import { readAllSettings } from './settings.repository.ts';

const DEFAULT_FREE_SHIPPING_THRESHOLD = '80.00';

/**
 * The public settings of spec §3, with safe defaults when a key was never stored, and the map's tile server
 * from the configuration (MAP_TILE_URL; callers that never show a map may leave the default).
 */
export async function getPublicSettings(
  db: Database,
  mapTiles: MapTiles = DEFAULT_MAP_TILES,
): Promise<Settings> {
  const stored = await readAllSettings(db);
  return {
    free_shipping_threshold: formatMinorAsDecimal(
      parseMoney(stored.get('free_shipping_threshold') ?? DEFAULT_FREE_SHIPPING_THRESHOLD),
    ),
    header_banner_end_at: Number(stored.get('header_banner_end_at') ?? 0),
    map_tile_url: mapTiles.url,
    map_attribution: mapTiles.attribution,
  };
}
