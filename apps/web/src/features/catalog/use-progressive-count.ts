import { useEffect, useState } from 'react';

/**
 * How many items of a long list to render now (decision 017): `first` at once, then `step` more per browser
 * idle period until `total`. Each step is a short task, so a store with many categories no longer renders
 * hundreds of cards in one long task that blocks input (Lighthouse TBT) before the first screen is usable.
 */
export function useProgressiveCount(total: number, first: number, step: number): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    return scheduleSoon(() => setCount((current) => Math.min(total, current + step)));
  }, [count, total, step]);
  return Math.min(count, total);
}

function scheduleSoon(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    // The timeout keeps the rest coming on a busy page; a scroll to the end never waits long.
    const handle = window.requestIdleCallback(task, { timeout: 200 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 16);
  return () => clearTimeout(timer);
}
