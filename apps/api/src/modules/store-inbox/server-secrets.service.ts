import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { keepServerKey } from './store-inbox.repository.ts';

const loaded = new WeakMap<Database, Map<string, Promise<Buffer>>>();

/**
 * A server secret by name (the substitution links' HMAC key, decision 062), made on first use and kept in
 * server_keys like the VAPID keys: the first instance's insert wins and every instance signs with that row,
 * so a link one instance made is valid on every other and after restarts. Cached per database; a failed read
 * is tried again on the next call.
 */
export function serverSecret(db: Database, name: string): Promise<Buffer> {
  let byName = loaded.get(db);
  if (!byName) {
    byName = new Map();
    loaded.set(db, byName);
  }
  const cached = byName.get(name);
  if (cached) return cached;
  const attempt = keepServerKey(db, name, { secret: randomBytes(32).toString('base64url') }).then((value) =>
    Buffer.from(value.secret, 'base64url'),
  );
  byName.set(name, attempt);
  attempt.catch(() => {
    if (byName.get(name) === attempt) byName.delete(name);
  });
  return attempt;
}
