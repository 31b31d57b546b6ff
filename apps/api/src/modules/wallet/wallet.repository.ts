import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { walletEntries } from '../../db/schema/wallet.ts';

export type WalletEntryKind = 'spent' | 'refunded' | 'earned' | 'reversed' | 'adjustment';

/**
 * Writes a ledger entry, inside the caller's transaction, once accounts has moved the balance (users.credit,
 * see wallet.service's recordWalletEntry).
 */
export async function insertWalletEntry(
  tx: DatabaseOrTransaction,
  entry: {
    userId: number;
    kind: WalletEntryKind;
    amount: string;
    groupId: number | null;
    note: string;
    /** An operator's adjustment (issue 19): who made it, and its Idempotency-Key. */
    createdBy?: number;
    idempotencyKey?: string;
  },
): Promise<void> {
  await tx.insert(walletEntries).values(entry);
}

export interface WalletEntryRow {
  id: number;
  kind: string;
  amount: string;
  groupNumber: string | null;
  note: string;
  createdAt: Date;
}

/** An entry as both the remitter's wallet and the back office's ledger list it, with its order's number. */
const ENTRY_COLUMNS = {
  id: walletEntries.id,
  kind: walletEntries.kind,
  amount: walletEntries.amount,
  groupNumber: sql<string | null>`(select number from order_groups g where g.id = ${walletEntries.groupId})`,
  note: walletEntries.note,
  createdAt: walletEntries.createdAt,
};

async function balanceOf(db: Database, userId: number): Promise<string> {
  const [row] = await db.select({ credit: users.credit }).from(users).where(eq(users.id, userId));
  return row?.credit ?? '0.00';
}

/** The balance and the newest `limit` entries with their order numbers: two queries. */
export async function readWallet(
  db: Database,
  userId: number,
  limit: number,
): Promise<{ balance: string; entries: WalletEntryRow[] }> {
  const entries = await db
    .select(ENTRY_COLUMNS)
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId))
    .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
    .limit(limit);
  return { balance: await balanceOf(db, userId), entries };
}

export interface LedgerEntryRow extends WalletEntryRow {
  createdByName: string | null;
}

/** The back office's ledger (issue 19): the balance and the newest entries with who made each adjustment. */
export async function readLedger(
  db: Database,
  userId: number,
  limit: number,
): Promise<{ balance: string; entries: LedgerEntryRow[] }> {
  const entries = await db
    .select({
      ...ENTRY_COLUMNS,
      createdByName: sql<string | null>`(
        select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = ${walletEntries.createdBy}
      )`,
    })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId))
    .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
    .limit(limit);
  return { balance: await balanceOf(db, userId), entries };
}

/** An adjustment already written under this Idempotency-Key for the user (a double click), or null. */
export async function findEntryByIdempotencyKey(
  db: DatabaseOrTransaction,
  userId: number,
  key: string,
): Promise<{ id: number; amount: string; note: string } | null> {
  const [row] = await db
    .select({ id: walletEntries.id, amount: walletEntries.amount, note: walletEntries.note })
    .from(walletEntries)
    .where(and(eq(walletEntries.userId, userId), eq(walletEntries.idempotencyKey, key)));
  return row ?? null;
}
