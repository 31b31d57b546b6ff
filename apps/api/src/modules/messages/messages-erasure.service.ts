import type { DatabaseOrTransaction } from '../../db/database.ts';
import { deleteMessagesOfGroups, listMessagesOfRemitter } from './messages-erasure.repository.ts';

/**
 * Account deletion (issue 32): the WhatsApp and SMS messages about the account's orders (phone numbers,
 * delivery codes) go. A BAJA/STOP stays in the opt-outs: honouring it is the reason the number is kept.
 */
export function forgetOrderMessages(tx: DatabaseOrTransaction, groupIds: number[]): Promise<void> {
  return deleteMessagesOfGroups(tx, groupIds);
}

/** The remitter's own data download: which messages were sent about their orders, to whom and how. */
export async function orderMessagesOfRemitter(
  tx: DatabaseOrTransaction,
  remitterId: number,
): Promise<
  Array<{
    order: string | null;
    kind: string;
    to: string;
    channel: string | null;
    status: string;
    created_at: string;
  }>
> {
  const rows = await listMessagesOfRemitter(tx, remitterId);
  return rows.map((row) => ({
    order: row.storeOrderNumber,
    kind: row.kind,
    to: row.audience === 'remitter' ? 'remitente' : 'beneficiario',
    channel: row.channel,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  }));
}
