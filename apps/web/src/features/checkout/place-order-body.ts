import type {
  AnalyticsOrderLine,
  OrderGroup,
  PlaceOrderInput,
  Substitution,
} from '@mandado/shared/checkout.schemas';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import type { DeliveryType } from '@mandado/shared/order-pricing';
import { effectivePrice } from '@mandado/shared/product-price';
import type { CartItem } from '../../state/cart/cart-machine.ts';

import type { CheckoutPricing } from './checkout-pricing.ts';

/** The credit a shopper may use: what they typed (USD decimal), at most their balance; 0 for anything else. */
export function creditToUse(typed: string, balance: string): number {
  const text = typed.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return 0;
  return Math.min(parseMoney(text), parseMoney(balance));
}

/** The lines as the shopper saw them, for `POST /v1/orders/` (a changed price or stock answers 409). */
export function expectedLines(
  items: readonly CartItem[],
  overrides: Readonly<Record<string, Substitution>>,
  orderSubstitution: Substitution,
): PlaceOrderInput['lines'] {
  return items.map((item) => {
    const override = overrides[String(item.product.id)];
    return {
      product_id: item.product.id,
      quantity: item.count,
      unit_price: effectivePrice(item.product),
      substitution: override !== undefined && override !== orderSubstitution ? override : null,
    };
  });
}

/** The body of `POST /v1/orders/` from the checkout's choices and the total shown. */
export function placeOrderBody(input: {
  items: readonly CartItem[];
  /** Delivery: who receives. A pick-up sends its contact instead (no address, no pin). */
  beneficiaryId: string | null;
  pickupContact?: { name: string; phone: string } | null;
  delivery: DeliveryType;
  substitution: Substitution;
  lineSubstitutions: Readonly<Record<string, Substitution>>;
  coupon: string | null;
  pricing: CheckoutPricing;
  payment: PlaceOrderInput['payment'];
  country: string;
  displayCurrency: string;
  /** Decision 065: the window chosen per store id (its start); absent, the server gives the earliest. */
  deliverySlots?: Readonly<Record<string, string>>;
  giftMessage?: string;
}): PlaceOrderInput {
  const slots = input.delivery === 'pickup' ? [] : Object.entries(input.deliverySlots ?? {});
  const gift = input.giftMessage?.trim() ?? '';
  return {
    beneficiary_id: input.delivery === 'pickup' ? null : input.beneficiaryId,
    delivery: input.delivery,
    ...(input.delivery === 'pickup' ? { pickup_contact: input.pickupContact ?? null } : {}),
    substitution: input.substitution,
    coupon: input.coupon,
    // Only the balance's part: the server adds the welcome credit itself (decision 026).
    credit: formatMinorAsDecimal(input.pricing.balanceCredit),
    payment: input.payment,
    country: input.country,
    display_currency: input.displayCurrency,
    lines: expectedLines(input.items, input.lineSubstitutions, input.substitution),
    expected_total: formatMinorAsDecimal(input.pricing.totals.total),
    ...(slots.length > 0
      ? {
          delivery_slots: slots.map(([storeId, startsAt]) => ({
            store_id: Number(storeId),
            starts_at: startsAt,
          })),
        }
      : {}),
    ...(gift ? { gift_message: gift } : {}),
  };
}

/**
 * What an idempotency key is bound to: the same body means the same attempt (a retry), anything else a
 * new one. A new card's token differs per tokenization, so a re-typed card is a new attempt.
 */
export function placeOrderFingerprint(body: PlaceOrderInput): string {
  return JSON.stringify(body);
}

/** Spec §3 Order line for analytics, from the placed order's lines. */
export function purchaseLines(order: OrderGroup): AnalyticsOrderLine[] {
  return order.stores.flatMap((store) =>
    store.lines
      .filter((line) => line.product_id !== null)
      .map((line) => ({
        id: line.product_id ?? 0,
        name: line.name,
        quantity: line.quantity,
        item_price: Number(line.unit_price),
      })),
  );
}

/** 'Compartir por WhatsApp': a wa.me link with a Spanish text carrying the tracking link. */
export function whatsappShareUrl(trackingUrl: string, orderNumber: string): string {
  const text = `Te envié una compra por Mandado (pedido ${orderNumber}). Puedes seguir la entrega aquí: ${trackingUrl}`;
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
