import { moneyText } from '@mandado/shared/money-text';
import type { DisplayCurrency } from '@mandado/web-kit/display-money.ts';

/** An amount already in the display currency's minor units; a dash while a rate is missing. */
export function formatDisplayMinor(minor: number | null, display: DisplayCurrency): string {
  return minor === null || !display.ready ? '—' : moneyText(minor, display);
}
