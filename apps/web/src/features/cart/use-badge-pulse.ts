import { useEffect, useRef, useState } from 'react';
import { BADGE_PULSE_MS } from './cart-format.ts';

/** Spec §4 Badge: true for 300 ms after the value changes (the CSS animation runs only without reduced motion). */
export function useBadgePulse(value: number): boolean {
  const [pulsing, setPulsing] = useState(false);
  const previous = useRef(value);

  useEffect(() => {
    if (previous.current === value) return;
    previous.current = value;
    setPulsing(true);
    const timer = window.setTimeout(() => setPulsing(false), BADGE_PULSE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);

  return pulsing;
}
