import type { DatabaseOrTransaction } from '../../db/database.ts';
import { enqueueWebhookEvent } from '../webhooks/webhooks.service.ts';
import type { LoadedOrderGroup } from './orders.repository.ts';

/**
 * `order.paid` for partners' webhooks (issue 19), written in the transaction that marked the group paid: the
 * numbers, the method, totals as decimal strings in the order's currency and each store order's status.
 * Nothing about the remitter or the beneficiary (see enqueueWebhookEvents).
 */
export async function enqueueOrderPaidEvent(
  tx: DatabaseOrTransaction,
  loaded: LoadedOrderGroup,
): Promise<void> {
  const { group, stores } = loaded;
  await enqueueWebhookEvent(tx, 'order.paid', {
    order_number: group.number,
    status: group.status,
    payment_status: group.paymentStatus,
    payment_method: group.paymentMethod,
    currency: group.currency,
    subtotal: group.subtotal,
    discount: group.discount,
    shipping: group.shipping,
    credit: group.credit,
    total: group.total,
    paid_at: group.paidAt ? group.paidAt.toISOString() : null,
    store_orders: stores.map((store) => ({
      number: store.number,
      store_id: store.storeId,
      store_name: store.storeName,
      status: store.status,
      total: store.total,
    })),
  });
}
