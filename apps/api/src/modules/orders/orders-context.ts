import type { Database } from '../../db/database.ts';
import type { Payments } from '../../payment-processor.ts';

/**
 * What placing, finalizing and expiring orders need from the application (decision 021): routes build it
 * from `app`, the expiry worker from the server, tests from their app. `now` is a parameter so expiry can be
 * tested without waiting days.
 */
export interface OrdersContext {
  db: Database;
  payments: Payments;
  /** Base of the tracking links in answers and e-mails. */
  publicUrl: string;
  /** Called after a committed change enqueued an e-mail. */
  kickMailWorker: () => void;
  /** Called after a committed payment wrote Web Push messages for the stores' members (issue 17). */
  kickPushWorker?: () => void;
  /** Called after a committed payment wrote partners' webhook deliveries (issue 19). */
  kickWebhookWorker?: () => void;
  now: () => Date;
  /** How long a request waits for the same key's request in progress before 409 (20 s; tests shorten it). */
  idempotencyWaitMs?: number;
}

export function ordersContextOf(app: {
  db: Database;
  payments: Payments;
  publicUrl: string;
  kickMailWorker: () => void;
  kickPushWorker?: () => void;
  kickWebhookWorker?: () => void;
}): OrdersContext {
  return {
    db: app.db,
    payments: app.payments,
    publicUrl: app.publicUrl,
    kickMailWorker: app.kickMailWorker,
    ...(app.kickPushWorker ? { kickPushWorker: app.kickPushWorker } : {}),
    ...(app.kickWebhookWorker ? { kickWebhookWorker: app.kickWebhookWorker } : {}),
    now: () => new Date(),
  };
}
