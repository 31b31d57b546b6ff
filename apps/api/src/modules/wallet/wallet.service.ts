import type { Wallet } from '@mandado/shared/wallet.schemas';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { presentWallet } from './wallet.presenter.ts';
import { readWallet } from './wallet.repository.ts';

/** The screen shows the newest movements; the balance always covers them all (users.credit). */
const WALLET_ENTRY_LIMIT = 100;

/** The session's remitter's credit and movements: two queries. */
export async function getWallet(db: Database, actor: Actor | null): Promise<Wallet> {
  const { userId } = requirePermission(actor, 'account:own');
  const { balance, entries } = await readWallet(db, userId, WALLET_ENTRY_LIMIT);
  return presentWallet(balance, entries);
}
