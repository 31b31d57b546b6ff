import type { PaymentQueue } from '@mandado/shared/admin-payments.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { decodeKeyset, encodeKeyset } from '../../keyset-cursor.ts';
import {
  findGroupsByIds,
  findGroupsByNumbers,
  listPaymentQueue,
  listPaymentQueueCountries,
  type StatementGroupRow,
} from './payment-queue.repository.ts';

export type { StatementGroupRow };

const PAGE_SIZE = 50;

/**
 * `GET /v1/admin/payments/queue/` (admin:read): transfers and cash deposits waiting for their money, oldest
 * first, each with its deadline (the expiry the settings registry's transfer days set at placement). Two
 * queries whatever the page: the page (one extra row says whether another follows) and the countries.
 */
export async function getPaymentQueue(
  db: Database,
  actor: Actor | null,
  query: { country?: string | undefined; cursor?: string | undefined },
): Promise<PaymentQueue> {
  requirePermission(actor, 'admin:read');
  const after = query.cursor ? decodeKeyset(query.cursor, MESSAGES.invalidValue) : undefined;
  const [rows, countries] = await Promise.all([
    listPaymentQueue(db, { country: query.country, after, limit: PAGE_SIZE + 1 }),
    listPaymentQueueCountries(db),
  ]);
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    results: page.map((row) => ({
      number: row.number,
      method: row.paymentMethod === 'cash_deposit' ? 'cash_deposit' : 'bank_transfer',
      country: row.country,
      total: row.total,
      currency: row.currency,
      remitter_name: `${row.firstName} ${row.lastName}`.trim(),
      remitter_email: row.email,
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt?.toISOString() ?? null,
    })),
    next_cursor:
      rows.length > PAGE_SIZE && last ? encodeKeyset({ at: last.createdAtExact, id: last.id }) : null,
    countries,
  };
}

/**
 * The checkouts a bank statement's rows name, by number, for the bank-statement import's matching (one
 * query). Exported for that module, which reaches orders through this service, never its repository.
 */
export function groupsForStatementByNumbers(
  db: DatabaseOrTransaction,
  numbers: readonly string[],
): Promise<StatementGroupRow[]> {
  return findGroupsByNumbers(db, numbers);
}

/** The same checkouts by id, when a preview is confirmed (one query). */
export function groupsForStatementByIds(
  db: DatabaseOrTransaction,
  ids: readonly number[],
): Promise<StatementGroupRow[]> {
  return findGroupsByIds(db, ids);
}
