import type { DatabaseOrTransaction } from '../../db/database.ts';
import {
  countBookingsByStart,
  countWindowBookings,
  findGroupWindows,
  lockWindow,
  setStoreOrderWindow,
} from './store-order-windows.repository.ts';

/**
 * The delivery-window columns of store orders (decision 065), written here because this module owns
 * `store_orders`; the orders module decides which window an order takes (delivery-slots.service.ts).
 */
export function lockStoreWindow(tx: DatabaseOrTransaction, storeId: number, startsAt: Date): Promise<void> {
  return lockWindow(tx, storeId, startsAt);
}

export function windowBookings(
  tx: DatabaseOrTransaction,
  storeId: number,
  startsAt: Date,
  except: number | null = null,
): Promise<number> {
  return countWindowBookings(tx, storeId, startsAt, except);
}

export function windowBookingsFrom(
  db: DatabaseOrTransaction,
  storeIds: readonly number[],
  from: Date,
): Promise<Map<string, number>> {
  return countBookingsByStart(db, storeIds, from);
}

export function assignStoreOrderWindow(
  tx: DatabaseOrTransaction,
  storeOrderId: number,
  window: { startsAt: Date; endsAt: Date; cutoffAt: Date },
): Promise<void> {
  return setStoreOrderWindow(tx, storeOrderId, window);
}

export function groupStoreOrderWindows(tx: DatabaseOrTransaction, groupId: number) {
  return findGroupWindows(tx, groupId);
}
