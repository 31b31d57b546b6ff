import type { DatabaseOrTransaction } from '../../db/database.ts';
import { clearReceiptNotes } from './receipts-erasure.repository.ts';

/**
 * Account deletion (issue 32): what the family wrote on a receipt may name people; the claim itself (which
 * lines, how many units) stays with the refunds it explains.
 */
export function forgetReceiptNotes(tx: DatabaseOrTransaction, groupIds: number[]): Promise<void> {
  return clearReceiptNotes(tx, groupIds);
}
