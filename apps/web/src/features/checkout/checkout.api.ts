import type { Card } from '@mandado/shared/card.schemas';
import type {
  CheckoutOptions,
  OrderGroup,
  PlaceOrderInput,
  PlaceOrderResult,
} from '@mandado/shared/checkout.schemas';
import type { Coupon } from '@mandado/shared/coupon.schemas';
import type { DeliverySlots } from '@mandado/shared/store-windows.schemas';
import { apiGet, apiPost, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

/** `GET /v1/checkout/options/`: the processor, PayPal, the countries with manual methods, the delivery window. */
/** Per account: the answer carries the remitter's country (from their phone), which decides manual methods. */
export function checkoutOptionsQueryOptions(accountId: string | null) {
  return queryOptions({
    queryKey: ['checkout-options', accountId],
    queryFn: ({ signal }) => apiGet<CheckoutOptions>('/checkout/options/', signal),
    staleTime: 5 * 60_000,
  });
}

/** `GET /v1/checkout/delivery-slots/` (decision 065): each cart store's windows, from `day` or the earliest. */
export function deliverySlotsQueryOptions(day: string | null, enabled: boolean) {
  return queryOptions({
    queryKey: ['delivery-slots', day],
    queryFn: ({ signal }) =>
      apiGet<DeliverySlots>(`/checkout/delivery-slots/${day ? `?day=${segment(day)}` : ''}`, signal),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
}

/** Spec §7 `GET /v1/cards/`: the remitter's saved cards. */
export function cardsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: ['cards'],
    queryFn: async ({ signal }) => (await apiGet<{ results: Card[] }>('/cards/', signal)).results,
    enabled,
  });
}

/** `GET /v1/orders/:number/` (the owner's; 404 otherwise). */
export function orderQueryOptions(number: string) {
  return queryOptions({
    queryKey: ['orders', number],
    queryFn: ({ signal }) => apiGet<OrderGroup>(`/orders/${segment(number)}/`, signal),
  });
}

/** Spec §7 `POST /v1/coupon/user/`: the coupon's terms, or a Spanish 400. */
export function applyCoupon(code: string, subtotal?: string): Promise<Coupon> {
  // The subtotal shown lets the server refuse a coupon the cart does not reach the minimum of, in Spanish.
  return apiPost<Coupon>(
    '/coupon/user/',
    subtotal === undefined ? { coupon: code } : { coupon: code, subtotal },
  );
}

/** `POST /v1/orders/` with the attempt's `Idempotency-Key` (a retry of the same attempt replays its answer). */
export function placeOrder(body: PlaceOrderInput, idempotencyKey: string): Promise<PlaceOrderResult> {
  return apiPost<PlaceOrderResult>('/orders/', body, { 'Idempotency-Key': idempotencyKey });
}

/** After 3-D Secure, a Stripe next action or a PayPal approval: the server finalizes the payment. */
export function confirmOrder(number: string): Promise<PlaceOrderResult> {
  return apiPost<PlaceOrderResult>(`/orders/${segment(number)}/confirm/`, {});
}

/** The sandbox's test 3-D Secure page: 'Aprobar' or 'Rechazar'. */
export function authenticateSandboxIntent(intentId: string, outcome: 'approve' | 'fail'): Promise<unknown> {
  return apiPost(`/payments/sandbox/intents/${segment(intentId)}/authenticate/`, { outcome });
}
