import type { Tracking } from '@mandado/shared/checkout.schemas';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http-errors.ts';
import { listDeliveryFacts } from '../courier/courier.service.ts';
import { byStoreOrder } from '../order-status/order-status.presenter.ts';
import { listStatusHistory } from '../order-status/order-status.service.ts';
import { receiptsOf } from '../receipts/receipts.service.ts';
import { presentTracking } from './tracking.presenter.ts';
import { findGroupByTrackingToken, listTrackedLines, listTrackedStoreOrders } from './tracking.repository.ts';

/**
 * The tracking page's data for a link's token; an unknown token is a 404. Seven queries whatever the number of
 * stores, lines or attempts.
 */
export async function getTracking(db: Database, token: string): Promise<Tracking> {
  const group = await findGroupByTrackingToken(db, token);
  if (!group) throw notFound('No encontramos ese pedido. Revisa que el enlace esté completo.');
  const storeOrders = await listTrackedStoreOrders(db, group.id);
  const ids = storeOrders.map((storeOrder) => storeOrder.id);
  const [history, lines, deliveryOf, receiptOf] = await Promise.all([
    listStatusHistory(db, ids),
    listTrackedLines(db, ids),
    listDeliveryFacts(db, ids),
    receiptsOf(db, storeOrders, group.beneficiaryFirstName),
  ]);
  const attemptsOf = new Map([...deliveryOf].map(([id, facts]) => [id, facts.attempts]));
  return presentTracking(group, storeOrders, byStoreOrder(history), lines, attemptsOf, receiptOf);
}
