/** Spec §9: the strip scrolls in steps of 400 px. */
export const STRIP_SCROLL_STEP = 400;

/** Spec §9: a quantity change animates the badge for 300 ms. */
export const BADGE_PULSE_MS = 300;

/** Spec §2: item numbers in the expanded cart are padded to 2 digits (01, 02…); the first item is 01. */
export function itemNumber(index: number): string {
  return String(index + 1).padStart(2, '0');
}

/** Where one press of a scroll button takes the strip, kept within [0, max]. */
export function stripScrollTarget(current: number, direction: -1 | 1, max: number): number {
  return Math.min(Math.max(0, current + direction * STRIP_SCROLL_STEP), Math.max(0, max));
}
