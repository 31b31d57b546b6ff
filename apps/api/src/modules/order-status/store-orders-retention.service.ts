import type { DatabaseOrTransaction } from '../../db/database.ts';
import { clearExpiredProofKeys } from './store-orders-retention.repository.ts';

/**
 * Retention (issue 32, decision 072): up to `limit` store orders handed over before `cutoff` forget their
 * proof photo; answers the media keys, whose files the caller deletes inside the same transaction.
 */
export function takeExpiredProofPhotos(
  tx: DatabaseOrTransaction,
  cutoff: Date,
  limit: number,
): Promise<string[]> {
  return clearExpiredProofKeys(tx, cutoff, limit);
}
