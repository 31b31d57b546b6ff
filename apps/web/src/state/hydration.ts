import { useSyncExternalStore } from 'react';

/**
 * Whether the page's server markup (decision 079) is hydrated: false on the server and while the browser
 * hydrates, true from then on (and from the start for a page the browser renders itself).
 *
 * React hydrates the routes' Suspense boundary in a pass of its own after the root's. TanStack Query hands
 * React the cache as it is now as the "server snapshot", so a query answering in between (the currencies
 * the provider above the routes asks for, the app start's prefetches) would make the routes hydrate with
 * other data than the server rendered with: a mismatch, and React throws the markup away. What sits above
 * the routes and fetches therefore waits for this.
 */
let hydrated = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called once the routes are committed (AppRoot's effect), or at start when there is nothing to hydrate. */
export function markHydrated(): void {
  if (hydrated) return;
  hydrated = true;
  // On the document too: a tap on server markup before hydration does nothing, so what drives the page from
  // outside (the end-to-end tests) waits for this mark before it taps.
  if (typeof document !== 'undefined') document.documentElement.dataset.hydrated = '';
  for (const listener of [...listeners]) listener();
}

/** Runs `callback` once the page is hydrated (at once if it already is). */
export function whenHydrated(callback: () => void): void {
  if (hydrated) {
    callback();
    return;
  }
  const unsubscribe = subscribe(() => {
    unsubscribe();
    callback();
  });
}

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hydrated,
    () => false,
  );
}
