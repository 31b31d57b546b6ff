import { parseMoney } from '@mandado/shared/money';
import type { ReferralAmounts } from '@mandado/shared/referral-rules';
import type { Settings } from '@mandado/shared/settings.schemas';
import {
  publicSettingValues,
  type ResolvedSettings,
  resolveSettings,
  type SettingKey,
  type SettingValue,
  settingValue,
} from '@mandado/shared/settings-registry';
import { NO_WIDGETS, type WidgetSettings } from '@mandado/shared/third-party-widgets';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { DEFAULT_MAP_TILES, type MapTiles } from './map-tiles.ts';
import { readAllSettings, readSettingRow } from './settings.repository.ts';

/** What the site's configuration (not the settings table) adds to the public settings. */
export interface SiteConfig {
  mapTiles: MapTiles;
  widgets: WidgetSettings;
}

export const DEFAULT_SITE_CONFIG: SiteConfig = { mapTiles: DEFAULT_MAP_TILES, widgets: NO_WIDGETS };

/**
 * Every setting, typed, through the registry (decision 038): a row that is absent or does not read under its
 * key's schema gives the registry's default, so no caller parses stored text or keeps a default of its own.
 */
export async function getSettings(db: DatabaseOrTransaction): Promise<ResolvedSettings> {
  return resolveSettings(await readAllSettings(db));
}

/** One setting, typed (one indexed read). */
export async function getSetting<K extends SettingKey>(
  db: DatabaseOrTransaction,
  key: K,
): Promise<SettingValue<K>> {
  return settingValue(key, await readSettingRow(db, key));
}

/** The referral program's three figures in cents (settings, defaults 5, 5, 50; issue 11). */
export async function getReferralAmounts(db: DatabaseOrTransaction): Promise<ReferralAmounts> {
  return referralAmountsFrom(await getSettings(db));
}

function referralAmountsFrom(resolved: ResolvedSettings): ReferralAmounts {
  return {
    inviteeReward: parseMoney(resolved.referral_invitee_reward),
    inviterReward: parseMoney(resolved.referral_inviter_reward),
    minimumPurchase: parseMoney(resolved.referral_minimum_purchase),
  };
}

/**
 * The public settings of spec §3: the registry's public keys (defaults in place), plus what the site's
 * configuration adds: the map's tile server (MAP_TILE_URL) and the third-party widgets (callers that never
 * show them may leave the default).
 */
export async function getPublicSettings(
  db: Database,
  site: SiteConfig = DEFAULT_SITE_CONFIG,
): Promise<Settings> {
  return {
    ...publicSettingValues(await getSettings(db)),
    map_tile_url: site.mapTiles.url,
    map_attribution: site.mapTiles.attribution,
    widgets: site.widgets,
  };
}
