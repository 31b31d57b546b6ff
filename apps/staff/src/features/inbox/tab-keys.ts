/** The WAI-ARIA tabs pattern's keys, apart from the component so they are unit-tested. */

/** The tab a key moves to from `index` (arrows wrap, Home and End jump), or null for any other key. */
export function tabIndexAfterKey(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
