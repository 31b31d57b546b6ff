import type { DatabaseOrTransaction } from '../../db/database.ts';
import { clearExpiredProofKeys } from './store-orders-retention.repository.ts';

/**
 * Retention (issue 32, decision 072): up to `limit` store orders handed over before `cutoff` forget their
 * proof of delivery (photo and who received it); answers how many rows and the photos' media keys, whose
 * files the caller deletes inside the same transaction.
 */
export async function takeExpiredProofPhotos(
  tx: DatabaseOrTransaction,
  cutoff: Date,
  limit: number,
): Promise<{ rows: number; keys: string[] }> {
  const keys = await clearExpiredProofKeys(tx, cutoff, limit);
  return { rows: keys.length, keys: keys.filter((key): key is string => key !== null) };
}
