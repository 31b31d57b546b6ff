import type { DatabaseOrTransaction } from '../../db/database.ts';
import { enqueueWebhookEvents } from '../webhooks/webhooks.service.ts';
import { listStoreOrderEventRows } from './store-order-webhook-events.repository.ts';

export interface StoreOrderStatusChange {
  storeOrderId: number;
  from: string | null;
  to: string;
}

/**
 * `store_order.status_changed` for partners' webhooks (issue 19), one event per change, written in the
 * transaction that changed the status (a staff move, the courier's link, payment, rejection, expiry). Rows
 * whose status did not change (notes, from = to) are not changes and send nothing. The reason is left out:
 * staff write it for the remitter and it may name people.
 */
export async function enqueueStoreOrderStatusEvents(
  tx: DatabaseOrTransaction,
  changes: readonly StoreOrderStatusChange[],
): Promise<void> {
  const real = changes.filter((change) => change.from !== null && change.from !== change.to);
  if (real.length === 0) return;
  await enqueueWebhookEvents(tx, 'store_order.status_changed', async () => {
    const rows = new Map(
      (
        await listStoreOrderEventRows(
          tx,
          real.map((change) => change.storeOrderId),
        )
      ).map((row) => [row.id, row]),
    );
    const changedAt = new Date().toISOString();
    return real.flatMap((change) => {
      const row = rows.get(change.storeOrderId);
      if (!row) return [];
      return [
        {
          store_order_number: row.number,
          order_number: row.groupNumber,
          store_id: row.storeId,
          store_name: row.storeName,
          from_status: change.from,
          to_status: change.to,
          total: row.total,
          currency: row.currency,
          changed_at: changedAt,
        },
      ];
    });
  });
}
