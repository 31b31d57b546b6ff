import type { DatabaseOrTransaction } from '../../db/database.ts';
import { deleteInvitationsBy } from './referrals-erasure.repository.ts';

/**
 * Account deletion (issue 32): the invitations this person sent hold friends' e-mails and go; the referrals
 * (two account ids and the credit written) stay with the ledger they explain.
 */
export function forgetInvitationsBy(tx: DatabaseOrTransaction, userId: number): Promise<void> {
  return deleteInvitationsBy(tx, userId);
}
