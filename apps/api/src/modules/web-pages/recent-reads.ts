/**
 * Reads a browse page's HTML shares for a few seconds (decision 083): the search results page embeds a
 * search (the served cities, the revision key, the results' stock: three queries on the one embedded
 * database), and at ten requests in flight for the same page those queries queued behind each other. Each
 * key is read once per `ttlMs` and requests in between share the answer (or the read in progress), so a
 * change (a price, the stock, a city served) shows on the page at most `ttlMs` later; the shop's own
 * queries keep their freshness (the client's stale time, minutes, applies to the embedded entries anyway).
 * A failed read is not kept. At most `maxEntries` keys, the least recently used dropped first.
 */
export interface RecentReads {
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
}

export const RECENT_READ_MS = 5_000;
const MAX_ENTRIES = 500;

export function createRecentReads(
  ttlMs = RECENT_READ_MS,
  now: () => number = Date.now,
  maxEntries = MAX_ENTRIES,
): RecentReads {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      entries.delete(key);
      if (hit && now() - hit.at < ttlMs) {
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      const value = load();
      const entry = { at: now(), value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      return value;
    },
  };
}
