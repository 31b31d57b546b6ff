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
