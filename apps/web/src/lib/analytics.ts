/** Spec §4 Analytics: the events the tag manager reads. */
export type AnalyticsEvent = 'user_init' | 'login' | 'logout' | 'search';

export type AnalyticsPayload = Record<string, string | number | boolean | null>;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Pushes an event onto the tag manager's data layer, creating it when the tag manager has not loaded (yet);
 * it replays what is queued there once it starts. Payloads never carry e-mails, names or phones.
 */
export function track(event: AnalyticsEvent, payload: AnalyticsPayload = {}): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...payload });
}

/** §3 Order line for analytics. */
export interface PurchaseLine {
  id: number;
  name: string;
  quantity: number;
  item_price: number;
}

/** The purchase event (issue 10): the order number, the charged total (USD) and its §3 order lines. */
export function trackPurchase(order: string, value: number, lines: readonly PurchaseLine[]): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push({
    event: 'purchase',
    order,
    value,
    currency: 'USD',
    items: lines.map((line) => ({ ...line })),
  });
}
