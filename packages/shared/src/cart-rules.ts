/**
 * The cart's quantity rules (spec §3 Cart, §4 Quantity field), one home for the zod schemas, the API's cart
 * service and the web cart machine. No zod here: the web cart machine is in the first load.
 */

/** The most units of one product a line may hold, whatever the stock. */
export const CART_MAX_QUANTITY = 99;

/** The most distinct products one cart may hold. */
export const CART_MAX_LINES = 100;

/**
 * The most units of a product a line may hold now: the stock, never above CART_MAX_QUANTITY, and never below 1
 * (a line that exists keeps at least one unit; the server refuses it if the stock is gone).
 */
export function lineQuantityCap(stock: number): number {
  return Math.max(1, Math.min(CART_MAX_QUANTITY, Math.trunc(stock)));
}

/** Whether the stock cannot cover `quantity` units (the server answers out_of_stock, spec §8). */
export function exceedsStock(quantity: number, stock: number): boolean {
  return quantity > stock;
}

/** Whether one more distinct product would go over CART_MAX_LINES (a product already there is a change). */
export function cartLinesFull(lineCount: number, hasProduct: boolean): boolean {
  return !hasProduct && lineCount >= CART_MAX_LINES;
}

/**
 * A count asked for a line, capped: `count` is what the line may hold, `cappedBy` says why it is less than
 * asked ('stock': the store has fewer units; 'limit': CART_MAX_QUANTITY), null when nothing was cut.
 */
export function capLineQuantity(
  requested: number,
  stock: number,
): { count: number; cappedBy: 'stock' | 'limit' | null } {
  const cap = lineQuantityCap(stock);
  if (requested <= cap) return { count: requested, cappedBy: null };
  return { count: cap, cappedBy: cap < CART_MAX_QUANTITY ? 'stock' : 'limit' };
}
