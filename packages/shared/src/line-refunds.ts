/**
 * How much of an order line may still be refunded (issue 27, decision 050), in USD minor units. A line's
 * refunds are capped by what was paid for that line (its USD total less its coupon share) less what was
 * already given back for it, never by what is left of its whole store order alone. Refunds by unit share
 * the paid total out so that refunding every unit, in any number of steps, gives back exactly what was
 * paid: the first j units are worth floor(paid × j / n), and k units after r are the difference.
 */

/** A line as its refunds see it. Refunds counted are the ones decided that did not fail. */
export interface LineRefundState {
  /** What was paid for the line: `linePaidMinor`. */
  paidMinor: number;
  /** Units ordered (1..99). */
  quantity: number;
  /** Given back or on its way for this line. */
  refundedMinor: number;
  /** Units given back by unit refunds (a refund of an amount counts none). */
  refundedUnits: number;
}

/** What was paid for a line: its USD total less its coupon share, never below zero. */
export function linePaidMinor(totalUsdMinor: number, discountMinor: number): number {
  return Math.max(0, totalUsdMinor - discountMinor);
}

/** What is left to refund of the line, minor units. */
export function lineLeftMinor(line: LineRefundState): number {
  return Math.max(0, line.paidMinor - line.refundedMinor);
}

/** Units that may still be refunded: none once nothing is left of the line's money. */
export function lineLeftUnits(line: LineRefundState): number {
  if (lineLeftMinor(line) === 0) return 0;
  return Math.max(0, line.quantity - line.refundedUnits);
}

/** The paid total's share of the first `units` units: floor(paid × units / quantity). */
function firstUnitsMinor(paidMinor: number, quantity: number, units: number): number {
  if (units >= quantity) return paidMinor;
  // paid ≤ 10^11 and units ≤ 99: the product stays a safe integer.
  return Math.floor((paidMinor * units) / quantity);
}

/**
 * What refunding `units` more units of the line gives back: their share of the paid total after the units
 * already refunded, capped at what is left of the line. The last units take everything left, so cents
 * lost to earlier rounding or earlier refunds of an amount are never stranded. 0 when nothing is left.
 */
export function unitsRefundMinor(line: LineRefundState, units: number): number {
  if (!Number.isSafeInteger(units) || units <= 0) return 0;
  const leftUnits = lineLeftUnits(line);
  if (leftUnits === 0) return 0;
  const left = lineLeftMinor(line);
  if (units >= leftUnits) return left;
  const from = Math.min(line.refundedUnits, line.quantity);
  const share =
    firstUnitsMinor(line.paidMinor, line.quantity, from + units) -
    firstUnitsMinor(line.paidMinor, line.quantity, from);
  return Math.min(share, left);
}
