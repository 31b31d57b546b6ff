/**
 * Spec §4 Analytics (issue 11, decision 027): the events the tag manager reads, with ONE shape. Every event is
 * one object pushed onto `window.dataLayer`: `{ event: <name>, ...fields }`, fields in snake_case, money in
 * US dollars as a number with `currency: 'USD'`. Payloads never carry e-mails, names, phones or addresses;
 * the user is the public `user_account_id`. The data layer exists even when no tag manager is configured
 * (nothing reads it then, and nothing leaves the browser); a tag manager loaded later replays what is queued.
 */

/** §3 Order line for analytics. */
export interface PurchaseLine {
  id: number;
  name: string;
  quantity: number;
  item_price: number;
}

/** Each event's fields. */
export interface AnalyticsEvents {
  /** The app start found a logged-in user (§4 App start). */
  user_init: { user_account_id: string };
  /** A login or a registration succeeded. */
  login: { method: 'login' | 'register'; user_account_id: string };
  logout: Record<string, never>;
  /** The result list was shown for a term of more than 3 characters. */
  search: { search_term: string; results: number };
  /** An order was placed and paid (or placed to pay by transfer). */
  purchase: { order: string; value: number; currency: 'USD'; items: PurchaseLine[] };
}

export type AnalyticsEvent = keyof AnalyticsEvents;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function track<E extends AnalyticsEvent>(
  event: E,
  ...fields: AnalyticsEvents[E] extends Record<string, never> ? [] : [AnalyticsEvents[E]]
): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...(fields[0] ?? {}) });
}

/** The purchase event: the order number, the charged total (USD) and its §3 order lines. */
export function trackPurchase(order: string, value: number, lines: readonly PurchaseLine[]): void {
  track('purchase', { order, value, currency: 'USD', items: lines.map((line) => ({ ...line })) });
}
