import { describe, expect, it } from 'vitest';
import { formatCountdown, shouldShowBanner } from './banner-countdown.ts';

describe('shouldShowBanner', () => {
  it('shows the banner only when the end is at least 14400 s away', () => {
    expect(shouldShowBanner(1_000 + 14_400, 1_000)).toBe(true);
    expect(shouldShowBanner(1_000 + 14_399, 1_000)).toBe(false);
    expect(shouldShowBanner(500, 1_000)).toBe(false);
  });
});

describe('formatCountdown', () => {
  it('pads hours, minutes and seconds', () => {
    expect(formatCountdown(3_661)).toBe('01:01:01');
  });

  it('folds days into hours', () => {
    expect(formatCountdown(3 * 86_400 + 59)).toBe('72:00:59');
  });

  it('stops at zero', () => {
    expect(formatCountdown(-5)).toBe('00:00:00');
  });
});
