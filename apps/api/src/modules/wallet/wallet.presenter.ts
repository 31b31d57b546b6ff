import type { WALLET_ENTRY_KINDS, Wallet } from '@mandado/shared/wallet.schemas';
import type { WalletEntryRow } from './wallet.repository.ts';

type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

/** 'Mi Billetera': the balance and the movements as signed USD decimals, newest first. */
export function presentWallet(balance: string, entries: readonly WalletEntryRow[]): Wallet {
  return {
    balance,
    entries: entries.map((entry) => ({
      id: entry.id,
      // The table's check constraint holds `kind` to the shared list; the cast only names that fact.
      kind: entry.kind as WalletEntryKind,
      amount: entry.amount,
      order: entry.groupNumber,
      note: entry.note,
      created: entry.createdAt.toISOString(),
    })),
  };
}
