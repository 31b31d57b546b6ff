import { ClockIcon } from '@mandado/web-kit/icons.tsx';
import { useState } from 'react';
import { useNowSeconds } from '../../hooks/use-now-seconds.ts';
import { usePublicSettings } from '../../hooks/use-public-settings.ts';
import { formatCountdown, shouldShowBanner } from './banner-countdown.ts';

function Countdown({ endAt }: { endAt: number }) {
  const [running, setRunning] = useState(true);
  const now = useNowSeconds(running);
  const remaining = endAt - now;
  // Spec §4: the countdown stops once the time is up.
  if (running && remaining < 0) setRunning(false);
  return (
    <time className="promo-banner__time" dateTime={`PT${Math.max(0, remaining)}S`}>
      {formatCountdown(remaining)}
    </time>
  );
}

/** The promotional countdown banner (spec §4), decided once when the settings arrive. */
export function PromoBanner() {
  const settings = usePublicSettings();
  const [startedAt] = useState(() => Math.floor(Date.now() / 1000));
  if (!settings || !shouldShowBanner(settings.header_banner_end_at, startedAt)) return null;
  return (
    <aside className="promo-banner" aria-label="Promoción">
      <ClockIcon size={18} />
      <p className="promo-banner__text">
        <strong>{settings.header_banner_text}</strong> Terminan en{' '}
        <Countdown endAt={settings.header_banner_end_at} />
      </p>
    </aside>
  );
}
