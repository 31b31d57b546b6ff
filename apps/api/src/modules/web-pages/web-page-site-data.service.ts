import type { ResolvedSettings } from '@mandado/shared/settings-registry';
import { type PageDataEntry, type PromoBannerData, promoBannerQueryKey } from '@mandado/shared/web-page-data';
import type { Database } from '../../db/database.ts';
import { getSettings } from '../settings/settings.service.ts';
import type { WebPageHead } from './web-pages.service.ts';

/** The settings read in progress per database: pages asked for at the same time share it. */
const readsInFlight = new WeakMap<Database, Promise<ResolvedSettings>>();

/**
 * One settings read for the pages that ask while it runs (10 at a time in the bench) instead of one each. No
 * answer is kept after it: a page asked for after an operator's save reads the saved value, unless a read that
 * began before the save is still running (milliseconds).
 */
function sharedSettingsRead(db: Database): Promise<ResolvedSettings> {
  const inFlight = readsInFlight.get(db);
  if (inFlight) return inFlight;
  const read = getSettings(db).finally(() => readsInFlight.delete(db));
  readsInFlight.set(db, read);
  return read;
}

/**
 * What every browse page embeds beside its own data (decision 085): the promo banner, from the public
 * settings (the same for every visitor, unlike who-am-I's session), as of the server's minute. Without it
 * the banner waited for who-am-I, after hydration, and pushed the page down (CLS 0.07). A banner that has
 * ended (or was never set: end 0) is not embedded; whether one still running shows (spec §4: at least four
 * hours left) is the shop's rule, applied to the same minute on both sides. The markup cache's key holds
 * this data, so a banner switched off or changed is rendered anew at once, not at the minute's turn.
 */
export async function siteDataOf(db: Database, now: number = Date.now()): Promise<PageDataEntry[]> {
  const settings = await sharedSettingsRead(db);
  const at = Math.floor(now / 60_000) * 60;
  const endAt = settings.header_banner_end_at;
  if (endAt <= at) return [];
  const banner: PromoBannerData = { text: settings.header_banner_text, endAt, at };
  return [{ key: promoBannerQueryKey(), value: banner }];
}

/** A page's head with the site's data, for a page that is shown (a 404 renders no banner). */
export async function withSiteData(db: Database, head: WebPageHead): Promise<WebPageHead> {
  if (head.status !== 200) return head;
  return { ...head, siteData: await siteDataOf(db) };
}
