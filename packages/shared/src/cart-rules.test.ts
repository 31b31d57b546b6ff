import { describe, expect, it } from 'vitest';
import {
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  capLineQuantity,
  cartLinesFull,
  exceedsStock,
  lineQuantityCap,
} from './cart-rules.ts';

describe('cart quantity rules', () => {
  it('a line holds at most the stock, never above 99, never below 1', () => {
    expect(CART_MAX_QUANTITY).toBe(99);
    expect(lineQuantityCap(11)).toBe(11);
    expect(lineQuantityCap(95)).toBe(95);
    expect(lineQuantityCap(500)).toBe(99);
    expect(lineQuantityCap(0)).toBe(1);
    expect(lineQuantityCap(-3)).toBe(1);
  });

  it('a quantity above the stock is out of stock; equal is fine', () => {
    expect(exceedsStock(12, 11)).toBe(true);
    expect(exceedsStock(11, 11)).toBe(false);
    expect(exceedsStock(1, 0)).toBe(true);
  });

  it('a new product is refused at 100 lines; a product already there is only a change', () => {
    expect(CART_MAX_LINES).toBe(100);
    expect(cartLinesFull(99, false)).toBe(false);
    expect(cartLinesFull(100, false)).toBe(true);
    expect(cartLinesFull(100, true)).toBe(false);
  });

  it('capping says whether the stock or the limit cut the count', () => {
    expect(capLineQuantity(30, 11)).toEqual({ count: 11, cappedBy: 'stock' });
    expect(capLineQuantity(11, 11)).toEqual({ count: 11, cappedBy: null });
    expect(capLineQuantity(150, 500)).toEqual({ count: 99, cappedBy: 'limit' });
    expect(capLineQuantity(5, 500)).toEqual({ count: 5, cappedBy: null });
  });
});
