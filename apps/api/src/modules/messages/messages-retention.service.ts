import type { DatabaseOrTransaction } from '../../db/database.ts';
import { deleteExpiredMessages } from './messages-retention.repository.ts';

/**
 * Retention (issue 32, decision 072): the messages about orders handed over before `cutoff` (phone numbers,
 * delivery codes, the recipient's name) go, up to `limit`; answers how many. Opt-outs stay: honouring a
 * BAJA/STOP is why that number is kept.
 */
export function forgetExpiredMessages(
  tx: DatabaseOrTransaction,
  cutoff: Date,
  limit: number,
): Promise<number> {
  return deleteExpiredMessages(tx, cutoff, limit);
}
