import type { Wallet } from '@mandado/shared/wallet.schemas';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { moveCredit } from '../accounts/user-credit.service.ts';
import { presentWallet } from './wallet.presenter.ts';
import {
  findEntryByIdempotencyKey,
  insertWalletEntry,
  type LedgerEntryRow,
  readLedger,
  readWallet,
  type WalletEntryKind,
} from './wallet.repository.ts';

/** The screen shows the newest movements; the balance always covers them all (users.credit). */
const WALLET_ENTRY_LIMIT = 100;

/** The session's remitter's credit and movements: two queries. */
export async function getWallet(db: Database, actor: Actor | null): Promise<Wallet> {
  const { userId } = requirePermission(actor, 'account:own');
  const { balance, entries } = await readWallet(db, userId, WALLET_ENTRY_LIMIT);
  return presentWallet(balance, entries);
}

/**
 * Moves a remitter's credit and writes the movement, inside the caller's transaction (checkout spends it,
 * cancellations and referrals give it back or earn it). A debit that the balance cannot cover changes nothing
 * and answers false, so two checkouts can never spend the same credit. `amount` is a signed USD decimal.
 */
export async function recordWalletEntry(
  tx: DatabaseOrTransaction,
  entry: {
    userId: number;
    kind: WalletEntryKind;
    amount: string;
    groupId: number | null;
    note: string;
    createdBy?: number;
    idempotencyKey?: string;
  },
): Promise<boolean> {
  // The balance first, then the entry: the same two statements, in the same order, as when wallet wrote both.
  if (!(await moveCredit(tx, entry.userId, entry.amount))) return false;
  await insertWalletEntry(tx, entry);
  return true;
}

export type { LedgerEntryRow };

/**
 * Any account's balance and newest movements with who made each adjustment, for the back office (issue 19;
 * the caller checks the operator's permission). Two queries.
 */
export function readAccountLedger(db: Database, userId: number) {
  return readLedger(db, userId, WALLET_ENTRY_LIMIT);
}

/** The adjustment already written under this Idempotency-Key for the account, or null. */
export function findAdjustmentByKey(db: DatabaseOrTransaction, userId: number, key: string) {
  return findEntryByIdempotencyKey(db, userId, key);
}
