import { type StoreAvailabilityFields, storeOrdersCountFrom } from '@mandado/shared/store-availability';
import {
  type DeliverySlot,
  lastChoosableDay,
  montevideoDayOf,
  openSlots,
  type StoreWindow,
  slotsOnDay,
  slotText,
  windowKey,
} from '@mandado/shared/store-windows';
import type { DeliverySlots } from '@mandado/shared/store-windows.schemas';
import { WINDOW_MESSAGES } from '@mandado/shared/store-windows.schemas';
import type { Actor } from '../../authorization.ts';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { readCartLines } from '../cart/cart.service.ts';
import { windowsOfStores } from '../delivery-windows/delivery-windows.service.ts';
import {
  assignStoreOrderWindow,
  groupStoreOrderWindows,
  lockStoreWindow,
  windowBookings,
  windowBookingsFrom,
} from '../order-status/store-order-windows.service.ts';
import { storeSnapshots } from '../stores/stores.service.ts';
import type { OrdersContext } from './orders-context.ts';

/**
 * Delivery windows of orders (decision 065). A window is taken in the placing transaction: its lock, then the
 * count of store orders holding it, then the store order's columns, so two shoppers never both get the last
 * place. Unpaid orders hold their window; a payment settled after the window's cut-off moves the store order
 * to the next window with room, counted from the settlement.
 */

/** How many windows the checkout lists per store when no day is chosen. */
const WINDOWS_LISTED = 6;

const refuse = (message: string) => new HttpError(400, { delivery_slots: [message] });

function asDates(slot: DeliverySlot) {
  return {
    startsAt: new Date(slot.startsAt),
    endsAt: new Date(slot.endsAt),
    cutoffAt: new Date(slot.cutoffAt),
  };
}

/** A day the remitter may ask for: today up to OCCASION_DAYS_AHEAD days ahead (Montevideo). */
function checkDay(day: string, now: Date): void {
  if (day < montevideoDayOf(now)) throw refuse(WINDOW_MESSAGES.dayPast);
  if (day > lastChoosableDay(now)) throw refuse(WINDOW_MESSAGES.dayTooFar);
}

/** `GET /v1/checkout/delivery-slots/`: the windows of the cart's stores, from `day` or the earliest open. */
export async function listDeliverySlots(
  ctx: OrdersContext,
  actor: Actor,
  day: string | undefined,
): Promise<DeliverySlots> {
  const now = ctx.now();
  if (day !== undefined) checkDay(day, now);
  const lines = await readCartLines(ctx.db, actor.userId);
  const storeIds = [...new Set(lines.map((line) => line.storeId))];
  const [snapshots, windows, booked] = await Promise.all([
    storeSnapshots(ctx.db, storeIds),
    windowsOfStores(ctx.db, storeIds),
    windowBookingsFrom(ctx.db, storeIds, now),
  ]);
  return {
    last_day: lastChoosableDay(now),
    stores: snapshots.map((store) => {
      const from = storeOrdersCountFrom(store, now);
      const slots = slotsFor(windows.get(store.id) ?? [], from, now, day);
      return {
        store_id: store.id,
        store_name: store.name,
        slots: slots.map((slot) => ({
          starts_at: slot.startsAt,
          ends_at: slot.endsAt,
          text: slotText(slot),
          full: (booked.get(windowKey(store.id, new Date(slot.startsAt))) ?? 0) >= slot.capacity,
        })),
      };
    }),
  };
}

function slotsFor(windows: readonly StoreWindow[], from: Date, now: Date, day?: string): DeliverySlot[] {
  if (day === undefined) return openSlots(windows, from, now).slice(0, WINDOWS_LISTED);
  return slotsOnDay(windows, day).filter((slot) => Date.parse(slot.cutoffAt) >= from.getTime());
}

/** Takes the window under its lock when it has room (this store order counted): true when it was taken. */
async function takeWindow(
  tx: DatabaseOrTransaction,
  storeId: number,
  storeOrderId: number,
  slot: DeliverySlot,
): Promise<boolean> {
  const window = asDates(slot);
  await lockStoreWindow(tx, storeId, window.startsAt);
  if ((await windowBookings(tx, storeId, window.startsAt, storeOrderId)) >= slot.capacity) return false;
  await assignStoreOrderWindow(tx, storeOrderId, window);
  return true;
}

export interface WindowRequest {
  storeId: number;
  storeOrderId: number;
  store: StoreAvailabilityFields;
  /** The window's start the remitter chose (ISO), or null for the earliest with room. */
  chosen: string | null;
}

/**
 * The placing step (decision 065): each home-delivered store order takes the window chosen, refused with a
 * Spanish reason when it is unknown, past its cut-off, beyond 14 days or full; without a choice, the earliest
 * with room. The caller's transaction rolls everything back on a refusal.
 */
export async function reserveWindows(
  tx: DatabaseOrTransaction,
  requests: readonly WindowRequest[],
  now: Date,
): Promise<void> {
  const windows = await windowsOfStores(
    tx,
    requests.map((request) => request.storeId),
  );
  // Windows are locked store by store in the stores' id order (and, within a store, earliest first), the same
  // order for every checkout: two carts holding the same two stores in opposite orders otherwise each took one
  // store's window and waited for the other's, a deadlock the chaos drill met as 5xx (decision 081).
  for (const request of [...requests].sort((a, b) => a.storeId - b.storeId)) {
    const storeWindows = windows.get(request.storeId) ?? [];
    const from = storeOrdersCountFrom(request.store, now);
    if (request.chosen === null) {
      await takeEarliest(tx, request, openSlots(storeWindows, from, now));
      continue;
    }
    const startsAt = Date.parse(request.chosen);
    const day = montevideoDayOf(new Date(startsAt));
    checkDay(day, now);
    const slot = slotsOnDay(storeWindows, day).find(
      (candidate) => Date.parse(candidate.startsAt) === startsAt,
    );
    if (!slot) throw refuse(WINDOW_MESSAGES.windowUnknown);
    if (Date.parse(slot.cutoffAt) < from.getTime())
      throw refuse(WINDOW_MESSAGES.windowClosed(slotText(slot)));
    if (!(await takeWindow(tx, request.storeId, request.storeOrderId, slot))) {
      throw refuse(WINDOW_MESSAGES.windowFull(slotText(slot)));
    }
  }
}

async function takeEarliest(
  tx: DatabaseOrTransaction,
  request: WindowRequest,
  slots: readonly DeliverySlot[],
): Promise<void> {
  for (const slot of slots) {
    if (await takeWindow(tx, request.storeId, request.storeOrderId, slot)) return;
  }
  throw refuse(WINDOW_MESSAGES.noWindowLeft);
}

/**
 * At settlement (card, PayPal, transfer or deposit): a store order whose window's cut-off passed before the
 * payment was settled moves to the earliest window with room whose cut-off is still ahead of `paidAt`. When
 * every window of the next 14 days is full it takes the earliest open one anyway: a paid order is never left
 * without a window, and the store sees one order over its capacity rather than none.
 */
export async function moveWindowsPaidLate(
  tx: DatabaseOrTransaction,
  groupId: number,
  paidAt: Date,
): Promise<void> {
  const late = (await groupStoreOrderWindows(tx, groupId)).filter(
    (row) => row.windowCutoffAt !== null && row.windowCutoffAt.getTime() < paidAt.getTime(),
  );
  if (late.length === 0) return;
  const windows = await windowsOfStores(
    tx,
    late.map((row) => row.storeId),
  );
  // In the stores' id order, as reserveWindows locks them (no deadlock between a settlement and a checkout).
  for (const row of [...late].sort((a, b) => a.storeId - b.storeId)) {
    const slots = openSlots(windows.get(row.storeId) ?? [], paidAt);
    let moved = false;
    for (const slot of slots) {
      if (await takeWindow(tx, row.storeId, row.id, slot)) {
        moved = true;
        break;
      }
    }
    const first = slots[0];
    if (!moved && first) await assignStoreOrderWindow(tx, row.id, asDates(first));
  }
}
