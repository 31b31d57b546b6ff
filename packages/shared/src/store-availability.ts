import { dayAndTimeText } from './date-text.ts';
import type { StoreAvailabilityView } from './store-availability.schemas.ts';
import { nextOpening, type WeeklyHours } from './store-hours.ts';

/**
 * Whether a store takes orders now (issue 18): its owner may pause it ('Pausar ahora', until a time it
 * reopens by itself) or schedule a closure (from, to, a note). Both are compared with the clock when read,
 * so a store reopens on time with no job to run it, on every instance alike.
 */
export type StoreAvailability =
  | { state: 'open' }
  | { state: 'paused'; reopensAt: string }
  | { state: 'closed'; reopensAt: string; note: string };

export interface StoreAvailabilityFields {
  pausedUntil: Date | string | null;
  closedFrom: Date | string | null;
  closedTo: Date | string | null;
  closureNote: string;
  /** Its hours per weekday (store-hours.ts); null or absent: always open. Hours never refuse an order. */
  hours?: WeeklyHours | null;
}

function time(value: Date | string | null): number | null {
  if (value === null) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

export function storeAvailability(store: StoreAvailabilityFields, now: Date): StoreAvailability {
  const at = now.getTime();
  const pausedUntil = time(store.pausedUntil);
  const closedFrom = time(store.closedFrom);
  const closedTo = time(store.closedTo);
  const paused = pausedUntil !== null && pausedUntil > at;
  const closed = closedFrom !== null && closedTo !== null && closedFrom <= at && at < closedTo;
  if (!paused && !closed) return { state: 'open' };
  // Paused during a closure, or past its end: the store takes orders again at the later of the two.
  const reopensAt = new Date(Math.max(paused ? (pausedUntil ?? 0) : 0, closed ? (closedTo ?? 0) : 0));
  if (closed) return { state: 'closed', reopensAt: reopensAt.toISOString(), note: store.closureNote };
  return { state: 'paused', reopensAt: reopensAt.toISOString() };
}

/**
 * When the store's delivery window starts counting: now, or its reopening when it is paused or closed; with
 * hours, the first opening from then on (decision 047: the store prepares the order when it works).
 */
export function ordersCountFrom(
  availability: StoreAvailability,
  now: Date,
  hours: WeeklyHours | null = null,
): Date {
  const reopens =
    availability.state === 'open'
      ? now
      : new Date(Math.max(now.getTime(), Date.parse(availability.reopensAt)));
  return hours ? nextOpening(hours, reopens) : reopens;
}

/** ordersCountFrom for a store row: its pause, closure and hours read against the clock. */
export function storeOrdersCountFrom(store: StoreAvailabilityFields, now: Date): Date {
  return ordersCountFrom(storeAvailability(store, now), now, store.hours ?? null);
}

/**
 * When a purchase from these stores starts counting its 24–48 h: the whole purchase arrives together, so the
 * store that opens last sets it (issue 18). The same rule for the checkout's preview and the placed order.
 */
export function purchaseCountsFrom(stores: readonly StoreAvailabilityFields[], now: Date): Date {
  return new Date(
    Math.max(now.getTime(), ...stores.map((store) => storeOrdersCountFrom(store, now).getTime())),
  );
}

/** The badge on the store's card and page: 'Pausada' or 'Cerrada hasta …'; null while open. */
export function availabilityBadge(availability: StoreAvailability): string | null {
  if (availability.state === 'open') return null;
  if (availability.state === 'paused') return 'Pausada';
  return `Cerrada hasta el ${dayAndTimeText(availability.reopensAt)}`;
}

/** Why a product of the store cannot be added now, for the cart's refusal and the store page's notice. */
export function availabilityReason(storeName: string, availability: StoreAvailability): string | null {
  if (availability.state === 'open') return null;
  const when = dayAndTimeText(availability.reopensAt);
  if (availability.state === 'paused') {
    return `${storeName} pausó sus pedidos: vuelve a recibirlos el ${when} (hora de Montevideo).`;
  }
  const note = availability.note.trim() ? ` ${availability.note.trim()}` : '';
  return `${storeName} no recibe pedidos hasta el ${when} (hora de Montevideo).${note}`;
}

/** The store's availability as the API carries it (storeAvailabilitySchema), for the shop and the owner. */
export function availabilityView(
  storeName: string,
  fields: StoreAvailabilityFields,
  now: Date,
): StoreAvailabilityView {
  const availability = storeAvailability(fields, now);
  return {
    state: availability.state,
    reopens_at: availability.state === 'open' ? null : availability.reopensAt,
    note: availability.state === 'closed' ? availability.note : '',
    badge: availabilityBadge(availability),
    reason: availabilityReason(storeName, availability),
  };
}
