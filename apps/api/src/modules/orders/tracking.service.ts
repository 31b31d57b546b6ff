import type { Tracking } from '@mandado/shared/checkout.schemas';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http-errors.ts';
import { byStoreOrder } from '../order-status/order-status.presenter.ts';
import { listHistoryOf } from '../order-status/order-status.repository.ts';
import { presentTracking } from './tracking.presenter.ts';
import { findGroupByTrackingToken, listTrackedStoreOrders } from './tracking.repository.ts';

/** The tracking page's data for a link's token; an unknown token is a 404 (three queries). */
export async function getTracking(db: Database, token: string): Promise<Tracking> {
  const group = await findGroupByTrackingToken(db, token);
  if (!group) throw notFound('No encontramos ese pedido. Revisa que el enlace esté completo.');
  const storeOrders = await listTrackedStoreOrders(db, group.id);
  const history = await listHistoryOf(
    db,
    storeOrders.map((storeOrder) => storeOrder.id),
  );
  return presentTracking(group, storeOrders, byStoreOrder(history));
}
