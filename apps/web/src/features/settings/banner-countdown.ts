/** Spec §4/§9: the promo banner shows only when its end is at least 4 hours away. */
export const BANNER_MIN_REMAINING_SECONDS = 14_400;

export function shouldShowBanner(endAtSeconds: number, nowSeconds: number): boolean {
  return endAtSeconds - nowSeconds >= BANNER_MIN_REMAINING_SECONDS;
}

/** "HH:MM:SS"; hours are not capped at 24 (days fold into hours) and it stops at zero. */
export function formatCountdown(remainingSeconds: number): string {
  const total = Math.max(0, Math.floor(remainingSeconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
}
