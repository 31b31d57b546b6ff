import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';

/**
 * A movement's amount with its sign always written ("+US$ 5,00", "−US$ 3,20"): the ledger's amounts are
 * signed, and a reader must not have to guess from the colour whether credit came in or went out.
 */
export function signedUsd(amount: string): string {
  const minor = parseMoney(amount);
  const text = usdText(Math.abs(minor));
  if (minor === 0) return text;
  return `${minor < 0 ? '−' : '+'}${text}`;
}

export type MovementDirection = 'in' | 'out';

export function movementDirection(amount: string): MovementDirection {
  return parseMoney(amount) < 0 ? 'out' : 'in';
}
