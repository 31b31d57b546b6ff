/** Spec §9: a swipe counts above 100 px, and the edge zones are 80 px wide. */
export const SWIPE_THRESHOLD_PX = 100;
export const SWIPE_EDGE_PX = 80;

export type SwipeAction = 'open-user-menu' | 'close-user-menu' | 'open-cart' | 'close-cart';

export interface TouchPoint {
  x: number;
  y: number;
}

export interface SwipeInput {
  start: TouchPoint;
  end: TouchPoint;
  viewport: { width: number; height: number };
  /** Spec §2: the gestures are for logged-in users only. */
  loggedIn: boolean;
}

/**
 * Spec §2 Mobile touch gestures. A horizontal swipe of more than 100 px that starts within 80 px of the right
 * edge opens the user menu, any other one closes it; a vertical swipe of more than 100 px that starts within
 * 80 px of the bottom edge opens the expanded cart, any other one closes it. The longer axis decides which
 * kind a diagonal swipe is, so scrolling a page (mostly vertical) never touches the user menu.
 */
export function swipeAction({ start, end, viewport, loggedIn }: SwipeInput): SwipeAction | null {
  if (!loggedIn) return null;
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) >= Math.abs(dy)) {
    if (Math.abs(dx) <= SWIPE_THRESHOLD_PX) return null;
    return start.x >= viewport.width - SWIPE_EDGE_PX ? 'open-user-menu' : 'close-user-menu';
  }
  if (Math.abs(dy) <= SWIPE_THRESHOLD_PX) return null;
  return start.y >= viewport.height - SWIPE_EDGE_PX ? 'open-cart' : 'close-cart';
}
