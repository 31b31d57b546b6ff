import { describe, expect, it } from 'vitest';
import { BADGE_PULSE_MS, itemNumber, STRIP_SCROLL_STEP, stripScrollTarget } from './cart-format.ts';

describe('expanded cart item numbers (spec §2: padded to 2 digits)', () => {
  it.each([
    [0, '01'],
    [1, '02'],
    [8, '09'],
    [9, '10'],
    [99, '100'],
  ])('index %i is %s', (index, text) => {
    expect(itemNumber(index)).toBe(text);
  });
});

describe('strip scrolling (spec §9: steps of 400 px)', () => {
  it('moves one step each way, within the scrollable range', () => {
    expect(STRIP_SCROLL_STEP).toBe(400);
    expect(stripScrollTarget(0, 1, 1000)).toBe(400);
    expect(stripScrollTarget(400, 1, 1000)).toBe(800);
    expect(stripScrollTarget(800, 1, 1000)).toBe(1000);
    expect(stripScrollTarget(800, -1, 1000)).toBe(400);
    expect(stripScrollTarget(300, -1, 1000)).toBe(0);
    expect(stripScrollTarget(0, 1, 0)).toBe(0);
  });

  it('the badge animates for 300 ms (spec §9)', () => {
    expect(BADGE_PULSE_MS).toBe(300);
  });
});
