import { type PromoBannerData, promoBannerQueryKey } from '@mandado/shared/web-page-data';
import { ClockIcon } from '@mandado/web-kit/icons.tsx';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNowSeconds } from '../../hooks/use-now-seconds.ts';
import { usePublicSettings } from '../../hooks/use-public-settings.ts';
import { useHydrated } from '../../state/hydration.ts';
import { formatCountdown, shouldShowBanner } from './banner-countdown.ts';

/**
 * The banner the page's HTML embeds (decision 085), in the query cache before the first render: never asked
 * for (skipToken), so reading it fetches nothing above the routes while a page hydrates.
 */
function useEmbeddedBanner(): PromoBannerData | undefined {
  return useQuery<PromoBannerData>({ queryKey: promoBannerQueryKey(), queryFn: skipToken }).data;
}

function Countdown({ endAt, serverAt }: { endAt: number; serverAt: number | undefined }) {
  const hydrated = useHydrated();
  const [running, setRunning] = useState(true);
  const ticking = useNowSeconds(running);
  // The server's minute until the page is hydrated, so the markup and the hydrating render say the same;
  // the browser's clock from then on.
  const now = hydrated || serverAt === undefined ? ticking : serverAt;
  const remaining = endAt - now;
  // Spec §4: the countdown stops once the time is up.
  if (running && remaining < 0) setRunning(false);
  return (
    <time className="promo-banner__time" dateTime={`PT${Math.max(0, remaining)}S`}>
      {formatCountdown(remaining)}
    </time>
  );
}

/**
 * The promotional countdown banner (spec §4), decided once. A page whose HTML embeds it (decision 085)
 * decides at the server's minute and renders it in the markup, so it never appears over the page after
 * hydration; otherwise it waits for the settings of who-am-I, as before.
 */
export function PromoBanner() {
  const hydrated = useHydrated();
  const embedded = useEmbeddedBanner();
  const settings = usePublicSettings();
  const [decidedAt] = useState(() => (!hydrated && embedded ? embedded.at : Math.floor(Date.now() / 1000)));
  const banner =
    embedded ??
    (settings ? { text: settings.header_banner_text, endAt: settings.header_banner_end_at } : undefined);
  if (!banner || !shouldShowBanner(banner.endAt, decidedAt)) return null;
  return (
    <aside className="promo-banner" aria-label="Promoción">
      <ClockIcon size={18} />
      <p className="promo-banner__text">
        <strong>{banner.text}</strong> Terminan en <Countdown endAt={banner.endAt} serverAt={embedded?.at} />
      </p>
    </aside>
  );
}
