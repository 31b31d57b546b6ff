import { useEffect } from 'react';

let locks = 0;

/**
 * Locks page scrolling while an overlay is open (spec §2). Counted, so nested overlays (a confirmation over a
 * panel) unlock only when the last one closes. The root keeps `scrollbar-gutter: stable`, so nothing shifts.
 */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    locks += 1;
    document.documentElement.classList.add('is-scroll-locked');
    return () => {
      locks -= 1;
      if (locks === 0) document.documentElement.classList.remove('is-scroll-locked');
    };
  }, [active]);
}
