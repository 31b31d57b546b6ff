import type { PaymentStatus, StoreOrderStatus } from '@mandado/shared/order-status';
import { AUTO_ACCEPT_REASON } from '@mandado/shared/store-preparation';
import type { DatabaseOrTransaction } from '../db/database.ts';
import { applyStoreOrderMove, storeOrderStores } from '../modules/order-status/order-status.service.ts';
import { autoAcceptingStores } from '../modules/stores/stores.service.ts';

/**
 * Issue 31, a step of the payment flows: the just-approved store orders of stores with auto-accept on move to
 * 'En preparación' at once, by the system, through the one status move (the table's check, compare-and-set,
 * history with AUTO_ACCEPT_REASON, webhook event), in the payment's transaction. The store still hears of the
 * order (push and e-mail), now as one to prepare. Answers the ids it moved.
 */
export async function autoAcceptStoreOrders(
  tx: DatabaseOrTransaction,
  storeOrderIds: readonly number[],
): Promise<number[]> {
  const orders = await storeOrderStores(tx, storeOrderIds);
  const accepting = await autoAcceptingStores(
    tx,
    orders.map((order) => order.storeId),
  );
  const accepted: number[] = [];
  for (const order of orders) {
    if (!accepting.has(order.storeId) || order.status !== 'approved') continue;
    const moved = await applyStoreOrderMove(tx, {
      storeOrderId: order.id,
      from: order.status as StoreOrderStatus,
      to: 'preparing_to_delivery',
      actor: 'system',
      actorUserId: null,
      reason: AUTO_ACCEPT_REASON,
      paymentStatus: order.paymentStatus as PaymentStatus,
    });
    if (moved) accepted.push(order.id);
  }
  return accepted;
}
