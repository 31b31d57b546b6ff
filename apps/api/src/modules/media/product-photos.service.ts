import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { type JobKind, startJob, sweepJob } from '../../jobs/job-runner.ts';
import { allVariantKeys } from './image-variants.ts';
import type { MediaStorage } from './media-storage.ts';
import { deleteOrphanPhotos, insertProductPhoto, touchProductPhotos } from './product-photos.repository.ts';

/**
 * Product photos owners upload (issue 18): a row per photo beside its file, so the photos nobody shows can
 * be found and deleted without listing the bucket. A photo is 'used' when a product or an order line shows it.
 */

/** How long an unused photo is kept: a form left open over lunch still saves its photos. */
export const ORPHAN_PHOTO_AGE_MS = 24 * 60 * 60 * 1000;
/** Photos per transaction: one storage call each, so a batch stays a few seconds long even on S3. */
const SWEEP_BATCH = 50;
/** Batches per pass: a backlog drains over several passes rather than holding the worker for minutes. */
const SWEEP_MAX_BATCHES = 20;

/** The row first, then the file: a write that fails halfway leaves a row the sweep cleans up, never a stray file. */
export async function storeProductPhoto(
  db: DatabaseOrTransaction,
  media: MediaStorage,
  photo: { key: string; url: string; storeId: number },
  image: { body: Buffer; contentType: string },
): Promise<void> {
  await insertProductPhoto(db, photo);
  await media.put(photo.key, image.body, image.contentType);
}

/**
 * Inside a product's save: marks the uploaded photos it shows as used (holding their rows until the save
 * commits) and answers which of `urls` are still recorded; one the sweep already took is missing.
 */
export function takeProductPhotos(
  tx: DatabaseOrTransaction,
  storeId: number,
  urls: readonly string[],
): Promise<string[]> {
  return touchProductPhotos(tx, storeId, urls);
}

/**
 * Deletes the files and rows of photos unused for `ORPHAN_PHOTO_AGE_MS`, a batch per transaction, and answers
 * how many went. Files are deleted before the rows' deletion commits: a storage failure rolls the batch
 * back for the next pass, and a crash after the files went leaves rows whose files are already gone, which
 * the next pass deletes (deleting a missing file is not an error in either storage).
 */
export async function sweepOrphanPhotos(
  db: Database,
  media: MediaStorage,
  now: Date,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - ORPHAN_PHOTO_AGE_MS);
  const batchSize = options.batchSize ?? SWEEP_BATCH;
  let deleted = 0;
  for (let batch = 0; batch < (options.maxBatches ?? SWEEP_MAX_BATCHES); batch += 1) {
    const count = await db.transaction(async (tx) => {
      const keys = await deleteOrphanPhotos(tx, cutoff, batchSize);
      for (const key of keys) {
        await media.delete(key);
        // Its srcset widths and formats (issue 30); deleting one never made is not an error either.
        for (const variant of allVariantKeys(key)) await media.delete(variant);
      }
      return keys.length;
    });
    deleted += count;
    if (count < batchSize) break;
  }
  return deleted;
}

export interface PhotoSweepWorker {
  stop(): Promise<void>;
}

/**
 * Sweeps orphan photos a minute after the start and then every `intervalMs` (an hour by default) inside the
 * API process, like the order expiry; a server restarted often still sweeps. Nothing is kept in memory:
 * every instance may run it, and the row locks keep them from deleting the same photo twice.
 */
export function photoSweepJob(options: {
  db: Database;
  media: MediaStorage;
  log: FastifyBaseLogger;
  intervalMs?: number;
  firstPassMs?: number;
}): JobKind {
  return sweepJob({
    name: 'photo-sweep',
    intervalMs: options.intervalMs ?? 60 * 60_000,
    firstPassMs: options.firstPassMs ?? 60_000,
    failureMessage: 'product photo sweep failed',
    sweep: async () => {
      const deleted = await sweepOrphanPhotos(options.db, options.media, new Date());
      if (deleted > 0) options.log.info({ deleted }, 'unused product photos deleted');
    },
  });
}

/** The sweep on its own (tests; the server starts it with the other kinds, jobs/jobs.ts). */
export function startPhotoSweepWorker(options: Parameters<typeof photoSweepJob>[0]): PhotoSweepWorker {
  return startJob(photoSweepJob(options), options.log);
}
