import { describe, expect, it } from 'vitest';
import { type SwipeInput, swipeAction } from './swipe-gesture.ts';

const viewport = { width: 360, height: 740 };

function swipe(start: [number, number], end: [number, number], loggedIn = true): SwipeInput {
  return { start: { x: start[0], y: start[1] }, end: { x: end[0], y: end[1] }, viewport, loggedIn };
}

describe('swipeAction', () => {
  it('opens the user menu on a leftward swipe from the right edge zone', () => {
    expect(swipeAction(swipe([350, 300], [200, 310]))).toBe('open-user-menu');
    // 80 px from the right edge is still inside the zone.
    expect(swipeAction(swipe([280, 300], [150, 300]))).toBe('open-user-menu');
  });

  it('closes the user menu on any other horizontal swipe', () => {
    expect(swipeAction(swipe([279, 300], [150, 300]))).toBe('close-user-menu');
    expect(swipeAction(swipe([40, 300], [250, 320]))).toBe('close-user-menu');
    expect(swipeAction(swipe([250, 300], [40, 300]))).toBe('close-user-menu');
  });

  it('needs more than 100 px on the dominant axis', () => {
    expect(swipeAction(swipe([350, 300], [250, 300]))).toBeNull();
    expect(swipeAction(swipe([350, 300], [249, 300]))).toBe('open-user-menu');
    expect(swipeAction(swipe([100, 700], [100, 600]))).toBeNull();
    expect(swipeAction(swipe([100, 200], [104, 203]))).toBeNull();
  });

  it('opens the cart on an upward swipe from the bottom edge zone and closes it on other vertical swipes', () => {
    expect(swipeAction(swipe([180, 730], [180, 500]))).toBe('open-cart');
    expect(swipeAction(swipe([180, 660], [190, 500]))).toBe('open-cart');
    expect(swipeAction(swipe([180, 659], [180, 500]))).toBe('close-cart');
    expect(swipeAction(swipe([180, 200], [180, 600]))).toBe('close-cart');
  });

  it('classifies a diagonal swipe by its longer axis', () => {
    expect(swipeAction(swipe([350, 300], [200, 160]))).toBe('open-user-menu');
    expect(swipeAction(swipe([350, 300], [230, 100]))).toBe('close-cart');
  });

  it('does nothing for a visitor', () => {
    expect(swipeAction(swipe([350, 300], [200, 300], false))).toBeNull();
    expect(swipeAction(swipe([180, 730], [180, 500], false))).toBeNull();
  });
});
