import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { type JobKind, sweepJob } from '../../jobs/job-runner.ts';
import { markUnacceptedStoreOrdersAlerted } from '../order-status/order-status.service.ts';
import { getSetting } from '../settings/settings.service.ts';
import { insertPushMessages, listPaidStoreOrderNotices } from './store-inbox.repository.ts';
import { STORE_INBOX_PATH } from './store-inbox.service.ts';

/**
 * Issue 31: a paid order still not accepted `unaccepted_alert_minutes` after its payment alerts the store's
 * team again by Web Push, once ('Pedido sin aceptar'), and is marked so operators see it 'sin aceptar'. One
 * transaction marks the orders (compare-and-set on the mark: two instances never alert one twice) and queues
 * the pushes, which the push outbox sends with its retries. Answers how many orders it alerted.
 */
export async function alertUnacceptedOrders(db: Database, now: Date): Promise<number> {
  const minutes = await getSetting(db, 'unaccepted_alert_minutes');
  const paidBefore = new Date(now.getTime() - minutes * 60_000);
  return db.transaction(async (tx) => {
    const ids = await markUnacceptedStoreOrdersAlerted(tx, paidBefore);
    if (ids.length === 0) return 0;
    const notices = await listPaidStoreOrderNotices(tx, ids);
    const pushes = notices.flatMap((notice) =>
      notice.subscriptionIds.map((subscriptionId) => ({
        subscriptionId,
        payload: {
          title: 'Pedido sin aceptar',
          body: `${notice.number} espera hace más de ${minutes} minutos: acéptalo o recházalo.`,
          url: STORE_INBOX_PATH,
        },
      })),
    );
    await insertPushMessages(tx, pushes);
    return ids.length;
  });
}

/** The sweep, every minute (jobs module, decision 058). */
export function unacceptedAlertJob(options: {
  db: Database;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): JobKind {
  return sweepJob({
    name: 'unaccepted-alert',
    intervalMs: options.intervalMs ?? 60_000,
    firstPassMs: options.intervalMs ?? 60_000,
    failureMessage: 'unaccepted order alert failed',
    sweep: async () => {
      const alerted = await alertUnacceptedOrders(options.db, new Date());
      if (alerted > 0) options.log.info({ alerted }, 'stores alerted again of unaccepted orders');
    },
  });
}
