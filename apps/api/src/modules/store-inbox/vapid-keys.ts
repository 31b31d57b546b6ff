import { SUPPORT_EMAIL } from '@mandado/shared/support-contact';
import webpush from 'web-push';
import type { Database } from '../../db/database.ts';
import { keepServerKey } from './store-inbox.repository.ts';

/** The key pair that signs Web Push requests (VAPID), and who to contact about them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or neither) and VAPID_SUBJECT, as the configuration read them. */
export interface VapidConfig {
  keys: { publicKey: string; privateKey: string } | null;
  subject: string | null;
}

export const DEFAULT_VAPID_SUBJECT = `mailto:${SUPPORT_EMAIL}`;
const SERVER_KEY_NAME = 'vapid';

/**
 * Where the VAPID keys come from: the environment's when set; otherwise a pair made with web-push on first use
 * and kept in server_keys (the first instance's insert wins, every instance reads that row), so a browser that
 * subscribed with the public key keeps receiving from every instance and after restarts.
 */
export function createVapidKeySource(db: Database, config: VapidConfig): () => Promise<VapidKeys> {
  const subject = config.subject ?? DEFAULT_VAPID_SUBJECT;
  let loaded: Promise<VapidKeys> | null = config.keys ? Promise.resolve({ ...config.keys, subject }) : null;
  return () => {
    if (!loaded) {
      const attempt = keepServerKey(db, SERVER_KEY_NAME, webpush.generateVAPIDKeys()).then((keys) => ({
        publicKey: keys.publicKey,
        privateKey: keys.privateKey,
        subject,
      }));
      loaded = attempt;
      // A failed read is tried again on the next call rather than remembered.
      attempt.catch(() => {
        if (loaded === attempt) loaded = null;
      });
    }
    return loaded;
  };
}
