import type { DatabaseOrTransaction } from '../../db/database.ts';
import { blankExpiredRecipientPhones } from './orders-retention.repository.ts';

/**
 * Retention (issue 32, decision 072): groups whose every store order is over since before `cutoff` lose the
 * recipient's phones, up to `limit` groups; answers how many. Name, address and city stay: the accounts,
 * claims and 'Mis Compras' still read them (account deletion is what removes those).
 */
export function forgetExpiredRecipientPhones(
  tx: DatabaseOrTransaction,
  cutoff: Date,
  limit: number,
): Promise<number> {
  return blankExpiredRecipientPhones(tx, cutoff, limit);
}
