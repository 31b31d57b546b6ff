/**
 * Money is integer minor units (cents) everywhere in code; the API carries amounts as decimal strings
 * ("1250.50", as the database's numeric gives them) and rates as decimal strings. No float ever holds a sum.
 */

const DECIMAL_PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/;

/** "1250.5" → 125050. Throws on anything that is not a plain decimal. Extra decimals round half up. */
export function parseMoney(decimal: string): number {
  return Number(parseScaled(decimal, 2));
}

/** 125050 → "1250.50" */
export function formatMinorAsDecimal(minor: number): string {
  assertInteger(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const RATE_SCALE = 8;

/** A decimal string scaled to an integer with `scale` decimals, rounding half up. */
function parseScaled(decimal: string, scale: number): bigint {
  const match = DECIMAL_PATTERN.exec(decimal.trim());
  if (!match) throw new Error(`Not a decimal amount: ${decimal}`);
  const [, minus, whole = '0', fraction = ''] = match;
  const padded = fraction.padEnd(scale + 1, '0');
  let value = BigInt(whole + padded.slice(0, scale));
  if (Number(padded[scale]) >= 5) value += 1n;
  return minus ? -value : value;
}

function assertInteger(minor: number): void {
  if (!Number.isSafeInteger(minor)) throw new Error(`Minor units must be a safe integer: ${minor}`);
}

function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** Rates are units of each currency per 1 USD (USD itself is 1), as the stored rate set gives them. */
export type Rates = Readonly<Record<string, string>>;

/**
 * Converts an amount between currencies through USD (spec §9: a UYU price is divided by the UYU rate to
 * reach USD, then converted to the chosen currency). Returns minor units of the target, or null when a
 * rate is missing.
 */
export function convertMinor(minor: number, from: string, to: string, rates: Rates): number | null {
  assertInteger(minor);
  if (from === to) return minor;
  const fromRate = from === 'USD' ? '1' : rates[from];
  const toRate = to === 'USD' ? '1' : rates[to];
  if (!fromRate || !toRate) return null;
  const fromScaled = parseScaled(fromRate, RATE_SCALE);
  const toScaled = parseScaled(toRate, RATE_SCALE);
  if (fromScaled <= 0n || toScaled <= 0n) return null;
  return Number(divideRoundingHalfUp(BigInt(minor) * toScaled, fromScaled));
}

/**
 * A line's amount in `to`: the unit price converted once, then times the quantity, so the line is exactly the
 * converted unit price the shopper sees times the quantity (decision 034). The order's charge, the cart's
 * quote and the checkout all price lines with this, so they agree to the cent.
 */
export function convertLine(
  unitMinor: number,
  quantity: number,
  from: string,
  to: string,
  rates: Rates,
): number | null {
  const unit = convertMinor(unitMinor, from, to, rates);
  return unit === null ? null : unit * quantity;
}
