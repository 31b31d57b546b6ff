import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { cities, products, stores } from './catalog.ts';

/** Order numbers the shopper quotes: MV-10234, MV-10235, … (decision 021). */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 10234 });

/** The beneficiary as the order uses it: a copy, so later edits never change an order (decision 018). */
export interface BeneficiarySnapshot {
  firstName: string;
  lastName: string;
  addressLine1: string;
  cityId: number;
  cityName: string;
  stateName: string;
  stateId: number;
  mobile: string;
  landline: string;
  residency: string;
  /** The map pin as stored (decimal strings); '' on a pick-up named only by its contact (no pin). */
  latitude: string;
  longitude: string;
  email: string;
  deliveryNotes: string;
  meetingPoint: string | null;
}

/** A product of the same store given instead of a missing one, at the same or a lower price (issue 17). */
export interface LineSubstitute {
  productId: number;
  name: string;
  image: string | null;
  quantity: number;
  /** USD, the price charged for the substitute (≤ the missing line's unit price). */
  unitPriceUsd: string;
  totalUsd: string;
}

/**
 * One checkout (decision 021): the number the shopper quotes, the single payment, the coupon and the credit.
 * Money is numeric USD; code works in minor units.
 */
export const orderGroups = pgTable(
  'order_groups',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    remitterId: integer('remitter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull().default('pending'),
    paymentMethod: text('payment_method').notNull(),
    /** sandbox | stripe | paypal | manual */
    processor: text('processor').notNull(),
    /** The processor's payment id (sandbox intent, Stripe PaymentIntent, PayPal order). */
    processorRef: text('processor_ref'),
    /** "Visa •••• 4242" */
    paymentLabel: text('payment_label'),
    delivery: text('delivery').notNull(),
    substitution: text('substitution').notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    beneficiary: jsonb('beneficiary').$type<BeneficiarySnapshot>().notNull(),
    /** Pick-up (issue 16): who collects the order at the stores, instead of an address and a pin. */
    pickupName: text('pickup_name'),
    pickupPhone: text('pickup_phone'),
    couponId: integer('coupon_id'),
    couponCode: text('coupon_code'),
    subtotal: numeric('subtotal', { precision: 12, scale: 2 }).notNull(),
    discount: numeric('discount', { precision: 12, scale: 2 }).notNull(),
    shipping: numeric('shipping', { precision: 12, scale: 2 }).notNull(),
    credit: numeric('credit', { precision: 12, scale: 2 }).notNull(),
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('USD'),
    displayCurrency: text('display_currency').notNull().default('USD'),
    /**
     * Issue 31: units of the display currency per 1 US$ in the rate set the order was priced with ('40.15'),
     * so a refund or a statement shows pesos at the rate of the payment, not today's. Null before it existed.
     */
    displayRate: numeric('display_rate', { precision: 18, scale: 8 }),
    /**
     * Issue 31: $U per 1 US$ in the same rate set, whatever the display currency: the stores' statements show
     * pesos at the rate their orders were paid at. Null before it existed.
     */
    pesoRate: numeric('peso_rate', { precision: 18, scale: 8 }),
    country: text('country').notNull().default('UY'),
    deliveryFrom: text('delivery_from').notNull(),
    deliveryTo: text('delivery_to').notNull(),
    /** Words for the family (decision 065): on the tracking page and on each store order; null: none. */
    giftMessage: text('gift_message'),
    /** Unguessable token of the family member's /seguimiento/<token> link. */
    trackingToken: text('tracking_token').notNull(),
    cancelReason: text('cancel_reason'),
    /** Unpaid transfers and card payments left waiting are released after this. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidReference: text('paid_reference'),
    paidByUserId: integer('paid_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_groups_number_key').on(t.number),
    uniqueIndex('order_groups_tracking_token_key').on(t.trackingToken),
    index('order_groups_remitter_created_idx').on(t.remitterId, t.createdAt),
    index('order_groups_expiry_idx').on(t.status, t.paymentStatus, t.expiresAt),
    // The back office (issue 19): every order newest first with a cursor, and the queue of pending transfers.
    index('order_groups_created_idx').on(t.createdAt, t.id),
    index('order_groups_payment_queue_idx').on(t.paymentStatus, t.paymentMethod, t.createdAt),
    check('order_groups_status_check', sql`${t.status} in ('awaiting_payment', 'confirmed', 'cancelled')`),
    check('order_groups_payment_status_check', sql`${t.paymentStatus} in ('pending', 'paid', 'refunded')`),
    check(
      'order_groups_payment_method_check',
      sql`${t.paymentMethod} in ('card', 'bank_transfer', 'cash_deposit', 'paypal')`,
    ),
    check('order_groups_delivery_check', sql`${t.delivery} in ('standard', 'pickup')`),
    check('order_groups_substitution_check', sql`${t.substitution} in ('similar', 'call', 'refund')`),
    check(
      'order_groups_money_check',
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.shipping} >= 0 and ${t.credit} >= 0 and ${t.total} >= 0 and ${t.total} = ${t.subtotal} - ${t.discount} + ${t.shipping} - ${t.credit}`,
    ),
  ],
);

/** One store's part of a checkout (MV-10234-1, …), with its own lines, shipping and status. */
export const storeOrders = pgTable(
  'store_orders',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => orderGroups.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    storeName: text('store_name').notNull(),
    storeAddress: text('store_address').notNull(),
    status: text('status').notNull().default('pending'),
    subtotal: numeric('subtotal', { precision: 12, scale: 2 }).notNull(),
    discount: numeric('discount', { precision: 12, scale: 2 }).notNull(),
    shipping: numeric('shipping', { precision: 12, scale: 2 }).notNull(),
    credit: numeric('credit', { precision: 12, scale: 2 }).notNull(),
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    /** Our commission in percent (issue 18), the store's rate when the order was placed, frozen here. */
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull().default('10.00'),
    /**
     * The 4 digits the beneficiary reads out to whoever hands the goods over (issue 17): shown on the
     * tracking page until delivered, never to the store or the courier. Made at placement.
     */
    deliveryCode: text('delivery_code')
      .notNull()
      .default(sql`lpad((floor(random() * 10000))::int::text, 4, '0')`),
    /** The courier link's token (`/entrega/<token>`, 32 random bytes), made by 'Listo para entregar'. */
    courierToken: text('courier_token'),
    courierLinkCreatedAt: timestamp('courier_link_created_at', { withTimezone: true }),
    /** Wrong delivery codes typed in a row; at 5 the link locks until an operator reopens it. */
    codeFailures: integer('code_failures').notNull().default(0),
    courierLockedAt: timestamp('courier_locked_at', { withTimezone: true }),
    /** Proof of delivery: when, who received it, and the photo's media key (readable by few). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    receivedBy: text('received_by'),
    proofMediaKey: text('proof_media_key'),
    /**
     * The delivery window (decision 065): chosen at checkout, moved to the next one with room when paid after
     * `window_cutoff_at`. Null for pick-up orders and for orders placed before windows existed.
     */
    windowStartsAt: timestamp('window_starts_at', { withTimezone: true }),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }),
    windowCutoffAt: timestamp('window_cutoff_at', { withTimezone: true }),
    /** When a member first opened the paid order: the inbox rings until then. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /**
     * Issue 31: when the store was alerted again because the paid order sat unaccepted past the setting's
     * minutes (once per order); operators see it 'sin aceptar' while it stays approved.
     */
    unacceptedAlertedAt: timestamp('unaccepted_alerted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_orders_number_key').on(t.number),
    uniqueIndex('store_orders_courier_token_key').on(t.courierToken),
    index('store_orders_store_status_idx').on(t.storeId, t.status, t.updatedAt),
    uniqueIndex('store_orders_group_store_key').on(t.groupId, t.storeId),
    index('store_orders_store_created_idx').on(t.storeId, t.createdAt),
    // A window's capacity is counted per store and start (decision 065).
    index('store_orders_store_window_idx').on(t.storeId, t.windowStartsAt),
    // A store's weekly statement and sales read its orders delivered in a week; the back office's statements
    // and the retention sweep read every store's by delivery time: both ranges, without a table scan.
    index('store_orders_store_delivered_idx').on(t.storeId, t.deliveredAt),
    index('store_orders_delivered_idx').on(t.deliveredAt),
    check(
      'store_orders_status_check',
      sql`${t.status} in ('pending', 'approved', 'warning', 'rejected', 'preparing_to_delivery', 'ready_to_delivery', 'in_transit', 'delivery_attempt', 'delivered', 'fulfilled')`,
    ),
    check(
      'store_orders_money_check',
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.shipping} >= 0 and ${t.credit} >= 0 and ${t.total} >= 0 and ${t.total} = ${t.subtotal} - ${t.discount} + ${t.shipping} - ${t.credit}`,
    ),
  ],
);

/** A line as sold: a snapshot of the product's name, price, currency and image. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    storeOrderId: integer('store_order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'cascade' }),
    /** Null once the product is deleted; the snapshot stays. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    image: text('image'),
    quantity: integer('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    /** quantity × unit price in USD, and the coupon's share of it. */
    totalUsd: numeric('total_usd', { precision: 12, scale: 2 }).notNull(),
    discount: numeric('discount', { precision: 12, scale: 2 }).notNull(),
    /**
     * Issue 31: the line's total as the remitter saw it in the order's display currency (the shown unit price
     * times the quantity: '$U 238,00' for a line sold in pesos), so a refund of the whole line gives back
     * exactly that figure. Null for orders placed before it existed.
     */
    displayTotal: numeric('display_total', { precision: 12, scale: 2 }),
    /** The IVA rate in % (22, 10, 0) frozen at purchase from the product or its store's kind (decision 078); null before it. */
    vatRate: smallint('vat_rate'),
    substitution: text('substitution').notNull(),
    position: integer('position').notNull(),
    /**
     * What the store could supply (issue 17): null as ordered; 0 none, 3 of 5 partly. The missing units are
     * refunded or replaced by `substitute`.
     */
    availableQuantity: integer('available_quantity'),
    substitute: jsonb('substitute').$type<LineSubstitute>(),
    /** The product's 'returnable' when bought (issue 32, decision 076): the flag may change later. */
    returnable: boolean('returnable').notNull().default(true),
  },
  (t) => [
    check('order_lines_vat_rate_check', sql`${t.vatRate} in (0, 10, 22)`),
    index('order_lines_store_order_idx').on(t.storeOrderId),
    index('order_lines_product_idx').on(t.productId),
    check('order_lines_quantity_check', sql`${t.quantity} between 1 and 99`),
    check(
      'order_lines_available_check',
      sql`${t.availableQuantity} is null or (${t.availableQuantity} >= 0 and ${t.availableQuantity} < ${t.quantity})`,
    ),
    check('order_lines_discount_check', sql`${t.discount} >= 0 and ${t.discount} <= ${t.totalUsd}`),
  ],
);

/** Every status change of a store order: who, when, why (append-only). */
export const storeOrderHistory = pgTable(
  'store_order_history',
  {
    id: serial('id').primaryKey(),
    storeOrderId: integer('store_order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** system | merchant | operator | courier */
    actorRole: text('actor_role').notNull(),
    actorUserId: integer('actor_user_id'),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_order_history_order_idx').on(t.storeOrderId, t.createdAt)],
);

/**
 * Idempotency keys of order placement (decision 021): the first request's body hash and, once it is known,
 * its answer, replayed for the same key; another body with the same key is refused with 422.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    groupId: integer('group_id'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
