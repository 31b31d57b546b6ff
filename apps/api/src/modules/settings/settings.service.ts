import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import {
  REFERRAL_DEFAULTS,
  REFERRAL_SETTING_KEYS,
  type ReferralAmounts,
} from '@mandado/shared/referral-rules';
import type { Settings } from '@mandado/shared/settings.schemas';
import { SUPPORT_WHATSAPP_NUMBER } from '@mandado/shared/support-contact';
import { NO_WIDGETS, type WidgetSettings } from '@mandado/shared/third-party-widgets';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { DEFAULT_MAP_TILES, type MapTiles } from './map-tiles.ts';
import { readAllSettings } from './settings.repository.ts';

const DEFAULT_FREE_SHIPPING_THRESHOLD = '80.00';
export const DEFAULT_SUPPORT_EMAIL = 'soporte@mandado.uy';

/** What the site's configuration (not the settings table) adds to the public settings. */
export interface SiteConfig {
  mapTiles: MapTiles;
  widgets: WidgetSettings;
}

export const DEFAULT_SITE_CONFIG: SiteConfig = { mapTiles: DEFAULT_MAP_TILES, widgets: NO_WIDGETS };

/** A stored money setting, or its default when absent or not a non-negative amount. */
function moneySetting(stored: Map<string, string>, key: string, fallback: string): number {
  const value = stored.get(key);
  if (value === undefined) return parseMoney(fallback);
  try {
    const parsed = parseMoney(value);
    return parsed >= 0 ? parsed : parseMoney(fallback);
  } catch {
    return parseMoney(fallback);
  }
}

/** The referral program's three figures in cents (settings, defaults 5, 5, 50; issue 11). */
export async function getReferralAmounts(db: DatabaseOrTransaction): Promise<ReferralAmounts> {
  return referralAmountsFrom(await readAllSettings(db));
}

function referralAmountsFrom(stored: Map<string, string>): ReferralAmounts {
  return {
    inviteeReward: moneySetting(stored, REFERRAL_SETTING_KEYS.inviteeReward, REFERRAL_DEFAULTS.inviteeReward),
    inviterReward: moneySetting(stored, REFERRAL_SETTING_KEYS.inviterReward, REFERRAL_DEFAULTS.inviterReward),
    minimumPurchase: moneySetting(
      stored,
      REFERRAL_SETTING_KEYS.minimumPurchase,
      REFERRAL_DEFAULTS.minimumPurchase,
    ),
  };
}

/**
 * The public settings of spec §3, with safe defaults when a key was never stored, plus what the site's
 * configuration adds: the map's tile server (MAP_TILE_URL) and the third-party widgets (callers that never
 * show them may leave the default).
 */
export async function getPublicSettings(
  db: Database,
  site: SiteConfig = DEFAULT_SITE_CONFIG,
): Promise<Settings> {
  const stored = await readAllSettings(db);
  const referral = referralAmountsFrom(stored);
  return {
    free_shipping_threshold: formatMinorAsDecimal(
      parseMoney(stored.get('free_shipping_threshold') ?? DEFAULT_FREE_SHIPPING_THRESHOLD),
    ),
    header_banner_end_at: Number(stored.get('header_banner_end_at') ?? 0),
    map_tile_url: site.mapTiles.url,
    map_attribution: site.mapTiles.attribution,
    referral_invitee_reward: formatMinorAsDecimal(referral.inviteeReward),
    referral_inviter_reward: formatMinorAsDecimal(referral.inviterReward),
    referral_minimum_purchase: formatMinorAsDecimal(referral.minimumPurchase),
    support_whatsapp_number: (stored.get('support_whatsapp_number') ?? SUPPORT_WHATSAPP_NUMBER).replace(
      /\D/g,
      '',
    ),
    support_email: stored.get('support_email') ?? DEFAULT_SUPPORT_EMAIL,
    widgets: site.widgets,
  };
}
