import type { CourierStoreOrder } from '@mandado/shared/courier.schemas';
import {
  ARRIVAL_STATUSES,
  arrivedAt,
  COURIER_ARRIVAL_MESSAGES,
  COURIER_ARRIVED_NOTE,
} from '@mandado/shared/courier-arrival';
import type { Database, DatabaseOrTransaction } from '../db/database.ts';
import { HttpError } from '../http-errors.ts';
import {
  asStatus,
  auditHandOver,
  type CourierLinkRow,
  getCourierStoreOrder,
  lockCourierLink,
} from '../modules/courier/courier.service.ts';
import { enqueueOrderMessage } from '../modules/messages/messages.service.ts';
import { listStatusHistory, recordStoreOrderNote } from '../modules/order-status/order-status.service.ts';

/**
 * The courier's 'Llegué' (issue 29, item 5): at the door, on the way or trying again. In one transaction
 * holding the link's row: the arrival noted on the store order's history (the tracking page shows it to the
 * family), the link's audit row, and the family told. A second tap in the same trip is a 409 that says so.
 */
export async function courierArrivedFlow(db: Database, token: string): Promise<CourierStoreOrder> {
  await db.transaction(async (tx) => {
    const row = await lockCourierLink(tx, token);
    const status = asStatus(row.status);
    if (!ARRIVAL_STATUSES.has(status))
      throw new HttpError(409, { detail: COURIER_ARRIVAL_MESSAGES.notOnTheWay });
    if (arrivedAt(status, await listStatusHistory(tx, [row.id])) !== null) {
      throw new HttpError(409, { detail: COURIER_ARRIVAL_MESSAGES.alreadyArrived });
    }
    await recordStoreOrderNote(tx, {
      storeOrderId: row.id,
      status,
      actor: 'courier',
      actorUserId: null,
      reason: COURIER_ARRIVED_NOTE,
    });
    await auditHandOver(tx, row, null, 'store_order.courier_arrived', { status });
    await notifyFamilyOfArrival(tx, row);
  });
  return getCourierStoreOrder(db, token);
}

/**
 * Tells the family the courier is at the door: the tracking page shows it (from the history note), and a
 * WhatsApp or SMS goes out now (issue 29 item 2).
 */
async function notifyFamilyOfArrival(tx: DatabaseOrTransaction, row: CourierLinkRow): Promise<void> {
  await enqueueOrderMessage(tx, { kind: 'courier_arrived', storeOrder: row.id });
}
