import type { DatabaseOrTransaction } from '../../db/database.ts';
import { deleteEmailsTo } from './mail-erasure.repository.ts';

/**
 * Account deletion (issue 32): the copies of the e-mails written to the address go, pending ones too (they
 * would go to a person who asked to be forgotten; the deletion's own confirmation is enqueued after this).
 */
export function forgetEmailsTo(tx: DatabaseOrTransaction, address: string): Promise<void> {
  return deleteEmailsTo(tx, address);
}
