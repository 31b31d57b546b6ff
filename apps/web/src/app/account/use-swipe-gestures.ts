import { useEffect, useRef } from 'react';
import { type SwipeAction, swipeAction, type TouchPoint } from './swipe-gesture.ts';

/** Spec §2: the gestures belong to the mobile layout (up to 812 px wide). */
const MOBILE_QUERY = '(max-width: 812px)';

/**
 * Spec §2 touch gestures: watches single-finger swipes on the whole page and reports what they mean. Only
 * attached for a logged-in user (`enabled`); listeners are passive, so scrolling never waits for them.
 */
export function useSwipeGestures(enabled: boolean, onAction: (action: SwipeAction) => void): void {
  const onActionRef = useRef(onAction);

  useEffect(() => {
    onActionRef.current = onAction;
  }, [onAction]);

  useEffect(() => {
    if (!enabled) return;
    let start: TouchPoint | null = null;

    function handleStart(event: TouchEvent) {
      const touch = event.touches[0];
      start = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
    }

    function handleEnd(event: TouchEvent) {
      const touch = event.changedTouches[0];
      const from = start;
      start = null;
      if (!from || !touch || !window.matchMedia(MOBILE_QUERY).matches) return;
      const action = swipeAction({
        start: from,
        end: { x: touch.clientX, y: touch.clientY },
        viewport: { width: window.innerWidth, height: window.innerHeight },
        loggedIn: true,
      });
      if (action) onActionRef.current(action);
    }

    function handleCancel() {
      start = null;
    }

    window.addEventListener('touchstart', handleStart, { passive: true });
    window.addEventListener('touchend', handleEnd, { passive: true });
    window.addEventListener('touchcancel', handleCancel, { passive: true });
    return () => {
      window.removeEventListener('touchstart', handleStart);
      window.removeEventListener('touchend', handleEnd);
      window.removeEventListener('touchcancel', handleCancel);
    };
  }, [enabled]);
}
