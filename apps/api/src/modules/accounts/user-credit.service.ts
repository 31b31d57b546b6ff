import type { DatabaseOrTransaction } from '../../db/database.ts';
import { moveUserCredit } from './user-credit.repository.ts';

/**
 * The remitter's balance (users.credit), moved for the wallet's ledger in the ledger's transaction (`tx`).
 * Its own file, importing nothing else of accounts: wallet calls it, and accounts.service reaches wallet
 * (through referrals), so importing accounts.service from wallet would close a circle of files.
 */
export function moveCredit(tx: DatabaseOrTransaction, userId: number, amount: string): Promise<boolean> {
  return moveUserCredit(tx, userId, amount);
}
