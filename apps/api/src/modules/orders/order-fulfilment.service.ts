import type { DatabaseOrTransaction } from '../../db/database.ts';
import { listDeliveryFacts } from '../courier/courier.service.ts';
import { listRefundsOfGroups, refundedMinorOfGroups } from '../refunds/refunds.service.ts';
import type { OrderFulfilment } from './order.presenter.ts';

/**
 * What happened to a group after payment (issue 17), for the remitter's order page: its refunds and how much
 * came back (refunds module), and each store order's failed delivery attempts (courier module). Four
 * queries whatever the number of stores, refunds or attempts.
 */
export async function readOrderFulfilment(
  db: DatabaseOrTransaction,
  groupId: number,
  storeOrderIds: readonly number[],
): Promise<OrderFulfilment> {
  const [refundsOf, refundedOf, deliveryOf] = await Promise.all([
    listRefundsOfGroups(db, [groupId]),
    refundedMinorOfGroups(db, [groupId]),
    listDeliveryFacts(db, storeOrderIds),
  ]);
  return { refunds: refundsOf.get(groupId) ?? [], refundedMinor: refundedOf.get(groupId) ?? 0, deliveryOf };
}
