/**
 * The owner's list shows only the rows near the screen (issue 18, "virtualised past a screen"): the pure
 * pieces of that window, kept out of the component so they can be tested.
 */

/** Rows rendered beyond each edge of the screen: a flick on a phone, and the next Tab stop, are already there. */
export const CATALOG_OVERSCAN = 6;

/** The next page is asked for when the last rendered row is this close to the last loaded one. */
export const LOAD_AHEAD_ROWS = 10;

/** Space between rows, as `gap: var(--space-2)` gave the list before. */
export const CATALOG_ROW_GAP = 8;

/**
 * A row's height before it is measured: one with a one-line name, on a phone (photo and text above the stock
 * buttons) or from 640 px on (the stock beside them, catalog.css). Measured rows replace it at once.
 */
export function estimatedRowHeight(viewportWidth: number): number {
  return viewportWidth >= 640 ? 90 : 144;
}

/** Whether the window has come near enough the end of what is loaded to ask for the next page. */
export function shouldLoadMore(options: {
  lastRenderedIndex: number | undefined;
  loadedCount: number;
  hasNextPage: boolean;
  fetching: boolean;
}): boolean {
  if (!options.hasNextPage || options.fetching || options.lastRenderedIndex === undefined) return false;
  return options.lastRenderedIndex >= options.loadedCount - 1 - LOAD_AHEAD_ROWS;
}

/**
 * The indexes to render, with the row that holds the keyboard focus kept among them even when scrolled far
 * away: unmounting it would drop the focus to the page's start.
 */
export function withKeptRow(indexes: readonly number[], kept: number | null, count: number): number[] {
  if (kept === null || kept < 0 || kept >= count || indexes.includes(kept)) return [...indexes];
  return [...indexes, kept].sort((a, b) => a - b);
}

/** aria-setsize of a row: the number loaded, or -1 (unknown, per ARIA) while more pages may follow. */
export function listSetSize(loadedCount: number, hasNextPage: boolean): number {
  return hasNextPage ? -1 : loadedCount;
}
