import { z } from 'zod';
import { cartSchema } from './cart.schemas.ts';
import { citySchema, decimalString } from './catalog.schemas.ts';
import { deliveryAttemptSchema, deliveryProofSchema } from './delivery.schemas.ts';
import { MESSAGES } from './messages.ts';
import { usdText as moneyUsdText } from './money-text.ts';
import { DELIVERY_TYPES } from './order-pricing.ts';
import { GROUP_REFUND_STATUSES } from './order-refund-status.ts';
import { ORDER_GROUP_STATUSES, PAYMENT_STATUSES, STORE_ORDER_STATUSES } from './order-status.ts';
import { receiptSchema } from './receipt.schemas.ts';
import { refundSchema } from './refund.schemas.ts';
import { chosenSlotSchema, giftMessageSchema } from './store-windows.schemas.ts';
import { isValidUruguayLandline, isValidUruguayMobile, maskPhoneInput } from './uruguay-phone.ts';
import { singleLineText } from './validation-rules.ts';

/**
 * The checkout and orders API (issue 10, decisions 021–023); coupons, cards, the wallet and the staff's order
 * calls have their own files (coupon, card, wallet and staff-order .schemas.ts). Amounts are USD decimal strings ("12.50"), the
 * charge currency; the web app shows them in the display currency with the bank-conversion note (§1).
 */

export const PAYMENT_METHODS = ['card', 'bank_transfer', 'cash_deposit', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Tarjeta de débito o crédito',
  bank_transfer: 'Transferencia bancaria',
  cash_deposit: 'Depósito en efectivo',
  paypal: 'PayPal',
};

/** What happens when a product is missing (per order, with an override per line). */
export const SUBSTITUTIONS = ['similar', 'call', 'refund'] as const;
export type Substitution = (typeof SUBSTITUTIONS)[number];
export const SUBSTITUTION_LABELS: Record<Substitution, string> = {
  similar: 'Reemplazar por uno similar',
  call: 'Llamarme antes',
  refund: 'No reemplazar (reembolso)',
};

/** Transfers and cash deposits a remitter may have placed and not yet paid: each holds stock for days. */
export const MAX_OPEN_MANUAL_ORDERS = 2;

/**
 * Issue 27: unpaid transfers and deposits of ALL accounts together may hold at most a fifth of a product's
 * stock (the units on the shelf plus those they already hold), and always at least one unit. Past it the
 * product can be paid only by card (held for minutes, not days).
 */
export const UNPAID_SHARE_OF_STOCK = 5;

/** The most units of a product that unpaid transfers and deposits may hold, all accounts together. */
export function unpaidUnitsLimit(shelf: number): number {
  return Math.max(1, Math.floor(shelf / UNPAID_SHARE_OF_STOCK));
}

/** Texts of checkout and orders that both sides show. */
/** A US$ limit as the texts quote it: 'US$ 300', 'US$ 1.250,50'. */
function usdText(minor: number): string {
  return moneyUsdText(minor, { whole: 'short' });
}

export const CHECKOUT_MESSAGES = {
  steps: ['Contacto', 'Envío', 'Pago', 'Revisar Pedido'] as const,
  idempotencyKeyRequired:
    'Falta el encabezado Idempotency-Key (un identificador único por intento de compra).',
  idempotencyKeyReused: 'Esta clave de compra ya se usó con otro carrito. Vuelve a revisar tu pedido.',
  idempotencyInProgress: 'Tu pedido se está procesando. Espera unos segundos y vuelve a intentar.',
  cartChanged:
    'Tu carrito cambió desde que lo revisaste. Revisa los cambios antes de pagar; no se cobró nada.',
  cartEmpty: 'Tu carrito está vacío.',
  beneficiaryRequired: 'Elige quién recibe el pedido.',
  pickupContactRequired: 'Indica el nombre y el teléfono de quien retira el pedido.',
  beneficiaryOtherCity: 'Quien recibe debe estar en la ciudad de tu carrito.',
  storeNotDelivering: (store: string, city: string) => `${store} ya no entrega en ${city}.`,
  cardRequired: 'Elige una tarjeta o ingresa una nueva.',
  methodNotOffered: 'Ese medio de pago no está disponible.',
  tooManyUnpaidManual: (count: number) =>
    `Ya tienes ${count} pedidos esperando tu transferencia o depósito. Págalos o espera a que venzan antes de hacer otro con ese medio.`,
  /** Decision 031: what one account's unpaid transfers and deposits may hold, with the limit in the text. */
  unpaidTotalCap: (limit: number, held: number) =>
    `Tus pedidos pendientes de pago no pueden superar ${usdText(limit)} en total${
      held > 0 ? ` (ya tienes ${usdText(held)} esperando tu transferencia o depósito)` : ''
    }. Paga esos pedidos, reduce tu carrito o elige otro medio de pago.`,
  unpaidUnitsCap: (limit: number, product: string, held: number) =>
    `Puedes reservar hasta ${limit} unidades de «${product}» en pedidos pendientes de pago${
      held > 0 ? ` (ya tienes ${held})` : ''
    }. Reduce la cantidad, paga tus pedidos pendientes o elige otro medio de pago.`,
  /** Issue 27: the share of a product's stock every unpaid transfer and deposit together may hold is used up. */
  unpaidProductShare: (product: string, available: number) =>
    available > 0
      ? `De «${product}» solo puedes pedir ${available === 1 ? '1 unidad' : `${available} unidades`} con transferencia o depósito en este momento. Para esta cantidad, paga con tarjeta o reduce la cantidad.`
      : `«${product}» solo se puede pagar con tarjeta en este momento: ya hay muchas unidades reservadas esperando transferencias o depósitos.`,
  phoneCountryChangedRecently: (days: number) =>
    `Cambiaste el país de tu teléfono hace poco: las transferencias y los depósitos se habilitan ${days} días después del cambio. Mientras tanto, elige otro medio de pago.`,
  cashUnsupported:
    'Los depósitos en efectivo y las transferencias no están disponibles en tu país. Escríbenos por el chat de soporte con tus datos y te ayudamos a completar la compra.',
  /** The same without a support chat configured: a chat is promised only when there is one (issue 16). */
  cashUnsupportedNoChat:
    'Los depósitos en efectivo y las transferencias no están disponibles en tu país. Escríbenos por WhatsApp o por correo electrónico con tus datos y te ayudamos a completar la compra.',
  couponUnknown: 'Ese cupón no existe.',
  couponExpired: 'Ese cupón venció.',
  couponNotYet: 'Ese cupón todavía no está vigente.',
  couponExhausted: 'Ese cupón ya se usó todas las veces permitidas.',
  couponUsedByYou: 'Ya usaste este cupón.',
  couponMinimum: (amount: string) => `Este cupón requiere una compra mínima de ${amount}.`,
  creditTooHigh: 'No tienes tanto crédito disponible.',
  orderNotPayable: 'Este pedido ya no se puede pagar.',
  paymentTestMode: 'Modo de prueba',
  statusNotAllowed: 'Ese cambio de estado no está permitido.',
  deliveredNeedsCode:
    'Para marcarlo como entregado pide el código de entrega: usa «Entregar en el mostrador» o el enlace del repartidor.',
  /** A staff move that lost its compare-and-set (issue 17): the 409 also carries the fresh order. */
  statusChanged: 'Otra persona ya actualizó este pedido',
  reasonRequired: 'Indica el motivo del cambio.',
  paymentRequired: 'El pedido todavía no está pagado.',
  alreadyPaid: 'Este pedido ya está pagado.',
  cardDeleted: 'Tarjeta eliminada.',
  bankConversionNote:
    'El cobro se hace en dólares estadounidenses (USD). Si tu tarjeta es de otra moneda, el procesador da un estimado y tu banco hace la conversión final.',
} as const;

/** A code or short text field: required, trimmed, one line, at most `max` characters. */
export const code = (max: number) =>
  singleLineText(
    z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max, MESSAGES.tooLong(max)),
  );

const productIdField = z.number().int().positive().max(2_147_483_647);

/** An amount the client sends (USD or a product's currency): never negative, never beyond what a sum can hold. */
export const amountInput = z.string().regex(/^\d{1,9}\.\d{2}$/, MESSAGES.invalidValue);

/** A pick-up contact's phone in its mask (mobile or landline), or null; extra digits are refused, not cut. */
function pickupPhone(typed: string): string | null {
  const mobile = maskPhoneInput('mobile', typed);
  if (!mobile.refused && isValidUruguayMobile(mobile.value)) return mobile.value;
  const landline = maskPhoneInput('landline', typed);
  if (!landline.refused && isValidUruguayLandline(landline.value)) return landline.value;
  return null;
}

/**
 * Who collects a pick-up order at the store (issue 16): a name and a Uruguayan phone (mobile or landline, in
 * its mask), instead of an address and a map pin the store would never use.
 */
export const pickupContactSchema = z.object({
  name: code(120),
  phone: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required, abort: true })
    .max(20, { error: MESSAGES.invalidPhone, abort: true })
    .refine((value) => pickupPhone(value) !== null, MESSAGES.invalidPhone)
    .transform((value) => pickupPhone(value) ?? value),
});
export type PickupContactInput = z.input<typeof pickupContactSchema>;

/** The line as the client saw it at 'Revisar Pedido'. */
export const expectedLineSchema = z.object({
  product_id: productIdField,
  quantity: z.number().int().min(1).max(99),
  /** The unit price in the product's currency the client showed. */
  unit_price: amountInput,
  /** Override of the order's substitution preference for this line. */
  substitution: z.enum(SUBSTITUTIONS).nullable().default(null),
});

/**
 * `POST /v1/orders/` with an `Idempotency-Key` header. The body carries what the shopper saw (lines, total),
 * so a changed cart is refused (409) and a key reused with another cart is refused (422).
 */
export const placeOrderSchema = z
  .object({
    /** Who receives: required for delivery; a pick-up may name only its `pickup_contact`. */
    beneficiary_id: z.uuid({ error: CHECKOUT_MESSAGES.beneficiaryRequired }).nullable().default(null),
    delivery: z.enum(DELIVERY_TYPES).default('standard'),
    /** Pick-up only: who collects the order at the stores (required without a beneficiary). */
    pickup_contact: pickupContactSchema.nullable().default(null),
    substitution: z.enum(SUBSTITUTIONS).default('similar'),
    coupon: code(40).nullable().default(null),
    /** Credit to use, USD decimal; capped at the total by the server. */
    credit: amountInput.default('0.00'),
    payment: z.discriminatedUnion('method', [
      z.object({
        method: z.literal('card'),
        /** A saved card's id, or a new card's processor token (sandbox token or Stripe PaymentMethod id). */
        card_id: z.uuid().nullable().default(null),
        token: z.string().min(1).max(200).nullable().default(null),
        save_card: z.boolean().default(false),
      }),
      z.object({ method: z.literal('bank_transfer') }),
      z.object({ method: z.literal('cash_deposit') }),
      z.object({ method: z.literal('paypal') }),
    ]),
    /**
     * The country the client believed the shopper is in. Informative only: whether transfers and cash deposits
     * are offered is decided by the server from the account's phone country (`shopper_country`).
     */
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .default('UY'),
    /** The display currency the shopper saw, for the e-mails. */
    display_currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .default('USD'),
    lines: z.array(expectedLineSchema).min(1, CHECKOUT_MESSAGES.cartEmpty).max(100),
    /** The total the shopper saw, USD decimal. */
    expected_total: amountInput,
    /** Delivery only: the window chosen per store order (decision 065); a store left out gets the earliest. */
    delivery_slots: z.array(chosenSlotSchema).max(50).default([]),
    /** Optional words for the family, shown on the tracking page and to the stores. */
    gift_message: giftMessageSchema,
  })
  .superRefine((value, context) => {
    if (value.delivery === 'standard' && value.beneficiary_id === null) {
      context.addIssue({
        code: 'custom',
        path: ['beneficiary_id'],
        message: CHECKOUT_MESSAGES.beneficiaryRequired,
      });
    }
    // A pick-up for a saved beneficiary may leave the contact out: they collect it (their name and mobile).
    if (value.delivery === 'pickup' && value.pickup_contact === null && value.beneficiary_id === null) {
      context.addIssue({
        code: 'custom',
        path: ['pickup_contact'],
        message: CHECKOUT_MESSAGES.pickupContactRequired,
      });
    }
  });
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;
export type PlaceOrderValues = z.output<typeof placeOrderSchema>;

/** 409 when the cart, prices or stock changed since the shopper saw them. Nothing was charged. */
export const cartChangeSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  change: z.enum(['price', 'stock', 'removed', 'unavailable', 'added', 'quantity', 'total']),
  /** The new unit price, or the stock left, or null. */
  now: z.string().nullable(),
});
export const checkoutConflictSchema = z.object({ detail: z.string(), changes: z.array(cartChangeSchema) });
export type CheckoutConflict = z.infer<typeof checkoutConflictSchema>;

export const orderLineSchema = z.object({
  product_id: z.number().int().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  /** Unit price and currency as sold (snapshot). */
  unit_price: decimalString,
  currency: z.string(),
  /** USD: quantity × unit price converted, and the coupon's share. */
  total: decimalString,
  discount: decimalString,
  substitution: z.enum(SUBSTITUTIONS),
});

export const statusChangeSchema = z.object({
  from: z.enum(STORE_ORDER_STATUSES).nullable(),
  to: z.enum(STORE_ORDER_STATUSES),
  reason: z.string(),
  at: z.string(),
});

export const storeOrderSchema = z.object({
  number: z.string(),
  store: z.object({ id: z.number().int(), name: z.string(), address: z.string() }),
  status: z.enum(STORE_ORDER_STATUSES),
  status_label: z.string(),
  /** The delivery window (decision 065): 'mar 1/12, 9:00 a 13:00'; null on a pick-up or an older order. */
  window_text: z.string().nullable(),
  subtotal: decimalString,
  discount: decimalString,
  shipping: decimalString,
  credit: decimalString,
  total: decimalString,
  lines: z.array(orderLineSchema),
  history: z.array(statusChangeSchema),
});
export type StoreOrder = z.infer<typeof storeOrderSchema>;

/**
 * A product the store gave instead of a missing line (issue 17): same store, same or lower price. Amounts in
 * USD like a line's total; the difference to the missing line is refunded.
 */
export const lineSubstituteSchema = z.object({
  name: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: decimalString,
  currency: z.literal('USD'),
  total: decimalString,
});
export type LineSubstituteView = z.infer<typeof lineSubstituteSchema>;

/** A line as the remitter sees it once the store prepared it (issue 17): what it had and what it gave instead. */
export const remitterOrderLineSchema = orderLineSchema.extend({
  /** null: as ordered; else how many units the store had (0: none, 3 of 5: partly). */
  available_quantity: z.number().int().nullable(),
  substitute: lineSubstituteSchema.nullable(),
});
export type RemitterOrderLine = z.infer<typeof remitterOrderLineSchema>;

/** The handover of a store order (issue 17): failed attempts with their reasons, then the proof, or null. */
export const storeOrderDeliverySchema = z.object({
  attempts: z.array(deliveryAttemptSchema),
  proof: deliveryProofSchema.nullable(),
});
export type StoreOrderDelivery = z.infer<typeof storeOrderDeliverySchema>;

/** A store order in the remitter's `GET /v1/orders/:number/`: its refunds and its delivery besides. */
export const remitterStoreOrderSchema = storeOrderSchema.extend({
  lines: z.array(remitterOrderLineSchema),
  refunds: z.array(refundSchema),
  delivery: storeOrderDeliverySchema,
  /** Issue 29: the 4 digits to pass on to the family while a handover is ahead; null otherwise. */
  delivery_code: z.string().nullable(),
  /** Issue 29: once delivered, what the family answered ('Rosa confirmó que recibió todo …'); null before. */
  receipt: receiptSchema.nullable(),
});
export type RemitterStoreOrder = z.infer<typeof remitterStoreOrderSchema>;

export const bankInstructionsSchema = z.object({
  bank_name: z.string(),
  account_holder: z.string(),
  account_number: z.string(),
  routing_number: z.string(),
  swift: z.string(),
  currency: z.literal('USD'),
  amount: decimalString,
  /** The order number to quote in the transfer description and in the subject of the e-mailed receipt. */
  reference: z.string(),
  receipt_email: z.string(),
  expires_at: z.string(),
});
export type BankInstructions = z.infer<typeof bankInstructionsSchema>;

export const orderBeneficiarySchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  address_line1: z.string(),
  city: citySchema,
  mobile_number: z.string(),
  phone_number: z.string(),
  residency: z.string(),
  delivery_notes: z.string(),
  email: z.string(),
  meeting_point: z.string().nullable(),
  /** The map pin the shopper set (null on a pick-up named only by its contact), and a link that opens it. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  maps_link: z.string().nullable(),
});

/** Who collects a pick-up order (null on delivery). */
export const orderPickupContactSchema = z.object({ name: z.string(), phone: z.string() }).nullable();

/** One checkout: `GET /v1/orders/:number/` and the `order` of place/confirm answers. */
export const orderGroupSchema = z.object({
  number: z.string(),
  created: z.string(),
  status: z.enum(ORDER_GROUP_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  /** "Visa •••• 4242" for cards, else null. */
  payment_label: z.string().nullable(),
  delivery: z.enum(DELIVERY_TYPES),
  substitution: z.enum(SUBSTITUTIONS),
  delivery_window: z.object({ from: z.string(), to: z.string() }),
  beneficiary: orderBeneficiarySchema,
  pickup_contact: orderPickupContactSchema,
  coupon: z.string().nullable(),
  subtotal: decimalString,
  discount: decimalString,
  shipping: decimalString,
  credit: decimalString,
  total: decimalString,
  currency: z.literal('USD'),
  /**
   * Issue 31: the display currency the remitter paid in and its units per US$ when the order was priced
   * ('40.15000000'): the order page shows its pesos at that rate, as its refunds are. Null rate: older order.
   */
  display_currency: z.string().optional(),
  display_rate: z.string().nullable().optional(),
  stores: z.array(remitterStoreOrderSchema),
  /** USD given back so far (issue 17), and whether that is part or all of `total`, with its chip's label. */
  refunded: decimalString,
  refund_status: z.enum(GROUP_REFUND_STATUSES),
  refund_status_label: z.string(),
  /** While a transfer or cash deposit is unpaid. */
  instructions: bankInstructionsSchema.nullable(),
  /** Absolute `/seguimiento/<token>` link for the family member. */
  tracking_url: z.string(),
  cancel_reason: z.string().nullable(),
});
export type OrderGroup = z.infer<typeof orderGroupSchema>;

/** `GET /v1/orders/`: newest first. */
export const orderSummarySchema = z.object({
  number: z.string(),
  created: z.string(),
  status: z.enum(ORDER_GROUP_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  stores: z.array(z.object({ name: z.string(), status: z.enum(STORE_ORDER_STATUSES) })),
  total: decimalString,
  beneficiary_name: z.string(),
  /** As in the order (issue 17): the list's payment chip says when money came back. */
  refund_status: z.enum(GROUP_REFUND_STATUSES),
  refund_status_label: z.string(),
});
export const orderListSchema = z.object({ results: z.array(orderSummarySchema) });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** What the client does next after placing or confirming. */
export const paymentNextSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeeded') }),
  /** Transfer or cash deposit: show the instructions. */
  z.object({ status: z.literal('pending') }),
  z.object({
    status: z.literal('requires_action'),
    /** sandbox_3ds: show the test 3-D Secure page for `intent_id`; stripe: stripe.handleNextAction(client_secret); paypal: go to approve_url. */
    action: z.discriminatedUnion('type', [
      z.object({ type: z.literal('sandbox_3ds'), intent_id: z.string() }),
      z.object({ type: z.literal('stripe'), client_secret: z.string() }),
      z.object({ type: z.literal('paypal'), approve_url: z.string() }),
    ]),
  }),
]);
export type PaymentNext = z.infer<typeof paymentNextSchema>;

export const placeOrderResultSchema = z.object({ order: orderGroupSchema, payment: paymentNextSchema });
export type PlaceOrderResult = z.infer<typeof placeOrderResultSchema>;

/** 402 when the card was declined: the processor's reason in Spanish; the cart is untouched. */
export const paymentDeclinedSchema = z.object({
  detail: z.string(),
  decline_code: z.string(),
  order: z.string(),
});

/** `POST /v1/payments/sandbox/intents/:id/authenticate/`: the test 3-D Secure page's buttons. */
export const sandboxAuthenticateSchema = z.object({ outcome: z.enum(['approve', 'fail']) });

/** `GET /v1/checkout/options/`: what the checkout offers on this server. */
export const checkoutOptionsSchema = z.object({
  processor: z.enum(['sandbox', 'stripe']),
  stripe_publishable_key: z.string().nullable(),
  paypal: z.boolean(),
  /** Countries where transfers and cash deposits are offered (setting; default CO, CL, PE). */
  manual_payment_countries: z.array(z.string()),
  /** The logged-in remitter's country, from their account phone (null for a visitor or an unknown country). */
  shopper_country: z.string().nullable(),
  delivery_window: z.object({ from: z.string(), to: z.string() }),
  /** Days a transfer or deposit may stay unpaid before the order expires. */
  manual_payment_days: z.number().int(),
});
export type CheckoutOptions = z.infer<typeof checkoutOptionsSchema>;

/** `GET /v1/tracking/:token/`: for the family member, without an account. No prices. */
export const trackingSchema = z.object({
  number: z.string(),
  beneficiary_first_name: z.string(),
  /** Who sent it (issue 16): the remitter's first name only, never the surname or any contact detail. */
  sender_first_name: z.string(),
  delivery: z.enum(DELIVERY_TYPES),
  delivery_window: z.object({ from: z.string(), to: z.string() }),
  /** The remitter's words for the family (decision 065), or null. */
  gift_message: z.string().nullable(),
  status: z.enum(ORDER_GROUP_STATUSES),
  stores: z.array(
    z.object({
      number: z.string(),
      store_name: z.string(),
      /** Where a pick-up order is collected (the store's public address). */
      store_address: z.string(),
      /** When someone must be home for it (decision 065): 'mar 1/12, 9:00 a 13:00'; null without a window. */
      window_text: z.string().nullable(),
      status: z.enum(STORE_ORDER_STATUSES),
      status_label: z.string(),
      history: z.array(z.object({ to: z.enum(STORE_ORDER_STATUSES), label: z.string(), at: z.string() })),
      /** Units in all; `products`: different products (issue 31, said as '2 productos · 4 unidades'). */
      items: z.number().int(),
      products: z.number().int(),
      /**
       * What the store is bringing (issue 16): names, quantities and pictures, no prices. Issue 17: how many
       * the store had (null: as ordered) and what it gives instead, by name.
       */
      lines: z.array(
        z.object({
          name: z.string(),
          quantity: z.number().int(),
          image: z.string().nullable(),
          available_quantity: z.number().int().nullable(),
          substitute: z
            .object({ name: z.string(), quantity: z.number().int(), image: z.string().nullable() })
            .nullable(),
        }),
      ),
      /**
       * The 4 digits the beneficiary reads out to whoever hands the order over (issue 17), while a handover is
       * still ahead; null before payment, once delivered, rejected or cancelled.
       */
      delivery_code: z
        .string()
        .regex(/^\d{4}$/)
        .nullable(),
      /** Failed deliveries with their reason and time; the courier's free-text note stays off this page. */
      attempts: z.array(deliveryAttemptSchema.omit({ note: true })),
      /** Issue 29: when the courier said 'Llegué' on this trip (shown while on the way); null otherwise. */
      arrived_at: z.string().nullable(),
      /** Issue 29: once delivered, 'Recibí todo' or 'Falta algo' (decision 064); null before. */
      receipt: receiptSchema.nullable(),
    }),
  ),
});
export type Tracking = z.infer<typeof trackingSchema>;

/** `POST /v1/orders/:number/repeat/`: the cart after adding the order's products, and what could not be added. */
export const repeatOrderResultSchema = z.object({
  cart: cartSchema,
  unavailable: z.array(z.object({ name: z.string(), reason: z.string() })),
});

/** §3 Order line for analytics (the purchase event). */
export interface AnalyticsOrderLine {
  id: number;
  name: string;
  quantity: number;
  item_price: number;
}
