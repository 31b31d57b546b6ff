import type { DatabaseOrTransaction } from '../../db/database.ts';
import { deleteHelpMessagesOf } from './help-erasure.repository.ts';

/** Account deletion (issue 32): the contact messages and product suggestions this person sent go. */
export function forgetHelpMessages(tx: DatabaseOrTransaction, userId: number, email: string): Promise<void> {
  return deleteHelpMessagesOf(tx, userId, email);
}
