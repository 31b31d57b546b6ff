import type { DatabaseOrTransaction } from '../../db/database.ts';
import { clearReceivedBy } from './store-orders-erasure.repository.ts';

/** Account deletion (issue 32): the store orders of these groups forget who received them. */
export function forgetReceivers(tx: DatabaseOrTransaction, groupIds: number[]): Promise<void> {
  return clearReceivedBy(tx, groupIds);
}
