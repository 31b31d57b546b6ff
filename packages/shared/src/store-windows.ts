import { MONTEVIDEO_OFFSET_MS } from './montevideo-time.ts';
import { clockMinutes, clockText, WEEKDAYS, type Weekday } from './store-hours.ts';

/**
 * Delivery windows (issue 29 item 4, decision 065): each store sets, per weekday, the time ranges its courier
 * delivers in ('9:00 a 13:00'), each with a capacity (store orders per window) and a cut-off (minutes before
 * the window starts after which an order no longer gets it). A dated window is a "slot"; the remitter picks
 * one per store order at checkout, up to OCCASION_DAYS_AHEAD days ahead. All on Montevideo's clock.
 */
export interface StoreWindow {
  weekday: Weekday;
  /** 'HH:MM' on Montevideo's clock; `to` after `from`, within the day. */
  from: string;
  to: string;
  /** Store orders the window takes at most. */
  capacity: number;
  /** Minutes before `from` after which the window is closed to new (and newly paid) orders. */
  cutoff_minutes: number;
}

export const OCCASION_DAYS_AHEAD = 14;
export const MAX_WINDOWS = 28;
export const MAX_WINDOW_CAPACITY = 500;
/** Two days: a cut-off further back would close windows before the remitter could see them. */
export const MAX_CUTOFF_MINUTES = 48 * 60;
export const GIFT_MESSAGE_MAX = 300;

const WORKING_DAYS: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

/**
 * What a store that never set its windows delivers in (spec §1, §9: Monday to Friday): 9–13, ordered by 21:00
 * the day before, and 14–18, ordered by 10:00 the same day; 20 orders each.
 */
export const DEFAULT_STORE_WINDOWS: readonly StoreWindow[] = WORKING_DAYS.flatMap((weekday) => [
  { weekday, from: '09:00', to: '13:00', capacity: 20, cutoff_minutes: 12 * 60 },
  { weekday, from: '14:00', to: '18:00', capacity: 20, cutoff_minutes: 4 * 60 },
]);

/** One window on one day, as instants (ISO, UTC). */
export interface DeliverySlot {
  startsAt: string;
  endsAt: string;
  cutoffAt: string;
  capacity: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Montevideo day (YYYY-MM-DD) of an instant. */
export function montevideoDayOf(at: Date): string {
  return new Date(at.getTime() + MONTEVIDEO_OFFSET_MS).toISOString().slice(0, 10);
}

/** The last day (Montevideo, YYYY-MM-DD) a remitter may choose at `now`. */
export function lastChoosableDay(now: Date): string {
  return montevideoDayOf(new Date(now.getTime() + OCCASION_DAYS_AHEAD * DAY_MS));
}

function weekdayOfDay(day: string): Weekday {
  return WEEKDAYS[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7] ?? 'monday';
}

/** The store's windows on one Montevideo day (YYYY-MM-DD), earliest first. */
export function slotsOnDay(windows: readonly StoreWindow[], day: string): DeliverySlot[] {
  const dayStart = Date.parse(`${day}T00:00:00.000Z`) - MONTEVIDEO_OFFSET_MS;
  if (Number.isNaN(dayStart)) return [];
  const weekday = weekdayOfDay(day);
  return windows
    .filter((window) => window.weekday === weekday)
    .flatMap((window) => {
      const from = clockMinutes(window.from);
      const to = clockMinutes(window.to);
      if (from === null || to === null || to <= from) return [];
      const startsAt = dayStart + from * 60_000;
      return [
        {
          startsAt: new Date(startsAt).toISOString(),
          endsAt: new Date(dayStart + to * 60_000).toISOString(),
          cutoffAt: new Date(startsAt - window.cutoff_minutes * 60_000).toISOString(),
          capacity: window.capacity,
        },
      ];
    })
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/**
 * The slots still open at `at` (cut-off not passed), from `at`'s day to the last choosable day counted from
 * `now`, earliest first. `at` is later than `now` for a paused store (it counts from its reopening).
 */
export function openSlots(windows: readonly StoreWindow[], at: Date, now: Date = at): DeliverySlot[] {
  const last = lastChoosableDay(now);
  const slots: DeliverySlot[] = [];
  for (let day = montevideoDayOf(at); day <= last; day = nextDay(day)) {
    for (const slot of slotsOnDay(windows, day))
      if (Date.parse(slot.cutoffAt) >= at.getTime()) slots.push(slot);
  }
  return slots;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

const SHORT_WEEKDAYS = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'];

/** 'mar 1/12, 9:00 a 13:00' (Montevideo): how a window reads everywhere — checkout, inbox, e-mails, tickets. */
export function slotText(slot: { startsAt: string | Date; endsAt: string | Date }): string {
  const start = new Date(new Date(slot.startsAt).getTime() + MONTEVIDEO_OFFSET_MS);
  const end = new Date(new Date(slot.endsAt).getTime() + MONTEVIDEO_OFFSET_MS);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  const minutes = (date: Date) => date.getUTCHours() * 60 + date.getUTCMinutes();
  return `${SHORT_WEEKDAYS[start.getUTCDay()]} ${start.getUTCDate()}/${start.getUTCMonth() + 1}, ${clockText(
    minutes(start),
  )} a ${clockText(minutes(end))}`;
}

/**
 * The window text of a store order, or null when it has none (pick-up, or placed before windows): the one
 * presenter for every place that names the window.
 * The WhatsApp/SMS messages (messages.service) and the picking ticket use it too.
 */
export function storeOrderWindowText(order: {
  windowStartsAt: Date | string | null;
  windowEndsAt: Date | string | null;
}): string | null {
  if (order.windowStartsAt === null || order.windowEndsAt === null) return null;
  return slotText({ startsAt: order.windowStartsAt, endsAt: order.windowEndsAt });
}

/** One store's window as a map key ('12@2026-12-01T12:00:00.000Z'): a window is a store and a start. */
export function windowKey(storeId: number, startsAt: Date): string {
  return `${storeId}@${startsAt.toISOString()}`;
}
