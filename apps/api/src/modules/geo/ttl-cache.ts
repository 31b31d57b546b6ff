/**
 * A small in-process cache: least recently used entries leave first beyond `maxEntries`, and an entry is
 * forgotten `ttlMs` after it was stored. A Map keeps insertion order, so re-inserting on read makes the
 * first key the least recently used.
 */
export interface TtlCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
}

export function createTtlCache<V>(
  maxEntries: number,
  ttlMs: number,
  now: () => number = Date.now,
): TtlCache<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    delete(key) {
      entries.delete(key);
    },
  };
}
