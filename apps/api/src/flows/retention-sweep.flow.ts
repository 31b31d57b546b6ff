import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { type JobKind, sweepJob } from '../jobs/job-runner.ts';
import type { MediaStorage } from '../modules/media/media-storage.ts';
import { forgetExpiredMessages } from '../modules/messages/messages-retention.service.ts';
import { storeOrderPastRetention } from '../modules/order-status/retention-due.sql.ts';
import { takeExpiredProofPhotos } from '../modules/order-status/store-orders-retention.service.ts';
import { forgetExpiredRecipientPhones } from '../modules/orders/orders-retention.service.ts';
import { takeExpiredClaimPhotos } from '../modules/receipts/receipts.service.ts';
import { getSetting } from '../modules/settings/settings.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per transaction; a photo batch makes one storage call per photo, so it stays a few seconds on S3. */
const BATCH = 50;
/** Batches per kind and pass: a backlog (the first pass on an old database) drains over several passes. */
const MAX_BATCHES = 20;

export interface RetentionSweepResult {
  /**
   * Store orders whose proof of delivery (photo, who received it) went, and claims whose photo went (the
   * family's 'Falta algo', decision 074).
   */
  photos: number;
  messages: number;
  groups: number;
}

/**
 * Retention of delivery data (issue 32, decision 072): `personal_data_retention_days` after a store order is
 * handed over, its courier proof (the photo's file and key, the name of who received it), the family's claim photo and its WhatsApp/SMS rows go, and once every store order
 * of the checkout is that old, the recipient's phones on the order's snapshot are blanked. Each table is
 * written by its own module; each batch is one transaction of one statement (plus the photo files, deleted
 * before it commits, so a storage failure rolls the batch back for the next pass). Idempotent: what is gone
 * is not matched again. Answers how much went.
 */
export async function sweepRetentionFlow(
  db: Database,
  media: MediaStorage,
  now: Date,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<RetentionSweepResult> {
  const days = await getSetting(db, 'personal_data_retention_days');
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const batchSize = options.batchSize ?? BATCH;
  const maxBatches = options.maxBatches ?? MAX_BATCHES;

  const inBatches = async (step: (limit: number) => Promise<number>): Promise<number> => {
    let total = 0;
    for (let batch = 0; batch < maxBatches; batch += 1) {
      const count = await step(batchSize);
      total += count;
      if (count < batchSize) break;
    }
    return total;
  };

  const photos = await inBatches((limit) =>
    db.transaction(async (tx) => {
      const taken = await takeExpiredProofPhotos(tx, cutoff, limit);
      // Deleting a file already gone is not an error in either storage: a crash after this is harmless.
      for (const key of taken.keys) await media.delete(key);
      return taken.rows;
    }),
  );
  // The family's claim photos (decision 074) by the same rule, order-status's, handed to receipts' own step.
  const claimPhotos = await inBatches((limit) =>
    db.transaction(async (tx) => {
      const keys = await takeExpiredClaimPhotos(tx, (alias) => storeOrderPastRetention(alias, cutoff), limit);
      for (const key of keys) await media.delete(key);
      return keys.length;
    }),
  );
  const messages = await inBatches((limit) =>
    db.transaction((tx) => forgetExpiredMessages(tx, cutoff, limit)),
  );
  const groups = await inBatches((limit) =>
    db.transaction((tx) => forgetExpiredRecipientPhones(tx, cutoff, limit)),
  );
  return { photos: photos + claimPhotos, messages, groups };
}

/** The sweep as a job kind (jobs/jobs.ts): a few minutes after the start, then every six hours. */
export function retentionSweepJob(options: {
  db: Database;
  media: MediaStorage;
  log: FastifyBaseLogger;
  intervalMs?: number;
  firstPassMs?: number;
}): JobKind {
  return sweepJob({
    name: 'retention-sweep',
    intervalMs: options.intervalMs ?? 6 * 60 * 60_000,
    firstPassMs: options.firstPassMs ?? 5 * 60_000,
    failureMessage: 'retention sweep failed',
    sweep: async () => {
      const result = await sweepRetentionFlow(options.db, options.media, new Date());
      if (result.photos + result.messages + result.groups > 0) {
        // Counts only: the log keeps no personal data (decision 055).
        options.log.info(result, 'delivery data past retention erased');
      }
    },
  });
}
