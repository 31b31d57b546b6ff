import { dateTimeText } from '@mandado/shared/date-text';
import {
  type OrderGroupStatus,
  type PaymentStatus,
  STORE_ORDER_STATUS_LABELS,
  type StoreOrderStatus,
} from '@mandado/shared/order-status';

/** Status timelines of the order pages; their dates are written by date-text.ts, in Montevideo's time. */

/** Milliseconds of an ISO instant for sorting; an unreadable one sorts first. */
function instant(iso: string): number {
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? 0 : time;
}

/** One status change as either API gives it (the order's history, or the tracking page's). */
export interface StatusChange {
  to: StoreOrderStatus;
  at: string;
  /** The tracking answer names the status itself; the order answer leaves it to the shared labels. */
  label?: string;
  reason?: string;
}

export interface TimelineStep {
  key: string;
  status: StoreOrderStatus;
  label: string;
  /** For `<time dateTime>`; empty when the step has no recorded date. */
  dateTime: string;
  /** The date in words, or empty. */
  when: string;
  /** Why the status changed (rejections, delivery attempts), when the staff said so. */
  reason: string | null;
  current: boolean;
}

/**
 * The store order's history, oldest first, the last step marked current. When the history does not end on
 * the current status (an order placed before histories were kept, or none at all) the current status is
 * added without a date, so the timeline never contradicts the status shown beside it.
 */
export function timelineSteps(
  history: readonly StatusChange[],
  current: { status: StoreOrderStatus; label?: string },
): TimelineStep[] {
  const ordered = history
    .map((change, index) => ({ change, index, time: instant(change.at) }))
    .sort((a, b) => a.time - b.time || a.index - b.index);
  const steps: TimelineStep[] = ordered.map(({ change, index }) => ({
    key: `${index}-${change.to}`,
    status: change.to,
    label: change.label || STORE_ORDER_STATUS_LABELS[change.to],
    dateTime: change.at,
    when: dateTimeText(change.at),
    reason: change.reason?.trim() ? change.reason.trim() : null,
    current: false,
  }));
  if (steps.at(-1)?.status !== current.status) {
    steps.push({
      key: `current-${current.status}`,
      status: current.status,
      label: current.label || STORE_ORDER_STATUS_LABELS[current.status],
      dateTime: '',
      when: '',
      reason: null,
      current: false,
    });
  }
  const last = steps.at(-1);
  if (last) last.current = true;
  return steps;
}

export type StatusTone = 'neutral' | 'progress' | 'success' | 'warn' | 'danger';

/** The colour family of a status chip (the text always says the status too). */
export function statusTone(status: StoreOrderStatus): StatusTone {
  switch (status) {
    case 'delivered':
    case 'fulfilled':
      return 'success';
    case 'warning':
    case 'delivery_attempt':
      return 'warn';
    case 'rejected':
      return 'danger';
    case 'pending':
      return 'neutral';
    default:
      return 'progress';
  }
}

/** The checkout's status: placed is progress (the stores have not delivered yet), cancelled is a stop. */
export function groupStatusTone(status: OrderGroupStatus): StatusTone {
  if (status === 'cancelled') return 'danger';
  return status === 'confirmed' ? 'progress' : 'warn';
}

/** A payment still owed asks for attention, unless the order is cancelled (it will never be owed again). */
export function paymentStatusTone(payment: PaymentStatus, group: OrderGroupStatus): StatusTone {
  if (payment === 'paid') return 'success';
  if (payment === 'refunded' || group === 'cancelled') return 'neutral';
  return 'warn';
}
