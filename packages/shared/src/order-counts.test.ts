import { describe, expect, it } from 'vitest';
import { countOrderLines, orderCountsText } from './order-counts.ts';

describe('an order size, said one way', () => {
  it('counts the lines and adds up their units', () => {
    expect(countOrderLines([{ quantity: 2 }, { quantity: 4 }])).toEqual({ products: 2, units: 6 });
    expect(countOrderLines([])).toEqual({ products: 0, units: 0 });
  });

  it('names products and units in the right number', () => {
    expect(orderCountsText({ products: 1, units: 1 })).toBe('1 producto · 1 unidad');
    expect(orderCountsText({ products: 2, units: 4 })).toBe('2 productos · 4 unidades');
  });
});
