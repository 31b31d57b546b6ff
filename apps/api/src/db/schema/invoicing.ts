import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stores } from './catalog.ts';
import { refunds } from './fulfilment.ts';
import { storeOrders } from './orders.ts';

/** What a fiscal document documents, and so who issues it (decision 071). */
export type FiscalDocumentKind =
  | 'sale'
  | 'sale_credit_note'
  | 'shipping'
  | 'shipping_credit_note'
  | 'commission'
  // Mandado's credit note of a week's commission e-Factura, for a refund after it (decision 078).
  | 'commission_credit_note';

/** One line as it was sent to the provider: the CFE's own detail, frozen with the document. */
export interface FiscalDocumentLine {
  description: string;
  quantity: number;
  /** Decimal text in the document's currency, IVA included. */
  unitPrice: string;
  /** quantity × unit price − discount, IVA included. */
  amount: string;
  discount: string;
  ivaRate: number;
  /** The DGI's 'indicador de facturación': 1 exento, 2 tasa mínima, 3 tasa básica. */
  billingIndicator: number;
}

/**
 * Comprobantes fiscales electrónicos (issue 32, decision 071): the store's e-Ticket for a paid store order and
 * its credit note for a refund's goods, Mandado's e-Ticket for the shipping it sells and its credit note for a
 * refund's shipping part, and Mandado's e-Factura to a store
 * for a week's commission. A row is written (pending) by the invoicing job for each cause that lacks one — one
 * row per cause, `source_key` — and is issued through the configured provider with retries; the provider's
 * series and number land here, and an offline row is marked test (`test`: 'Sin validez fiscal').
 */
export const fiscalDocuments = pgTable(
  'fiscal_documents',
  {
    id: serial('id').primaryKey(),
    /**
     * 'sale:<store order>', 'credit-note:<refund>', 'shipping:<store order>', 'shipping-credit-note:<refund>',
     * 'commission:<store>:<week>'.
     */
    sourceKey: text('source_key').notNull(),
    kind: text('kind').$type<FiscalDocumentKind>().notNull(),
    /** 'store' (its own goods) or 'mandado' (shipping, commission). */
    issuer: text('issuer').notNull(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    storeOrderId: integer('store_order_id').references(() => storeOrders.id, { onDelete: 'restrict' }),
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    /** The statement's Monday, for a commission invoice. */
    weekStart: date('week_start', { mode: 'string' }),
    /** The DGI's CFE type: 101 e-Ticket, 102 its credit note, 111 e-Factura. Set when the document is built. */
    cfeType: smallint('cfe_type'),
    series: text('series'),
    number: integer('number'),
    /** 'offline' (test series, no fiscal value) or 'http' (the certified provider). */
    provider: text('provider'),
    /** True for the offline adapter's documents: printed 'Sin validez fiscal'. */
    test: boolean('test').notNull().default(false),
    /**
     * pending → issued | failed (given up after the retries; an operator looks) | void (nothing to document:
     * a refund with no shipping part has no shipping credit note) | held (Mandado's document while
     * CFE_MANDADO_RUT is unset under a real provider: kept as data, not sent; pending again once it is set).
     */
    status: text('status').notNull().default('pending'),
    currency: text('currency').notNull().default('USD'),
    /** Totals as issued, IVA included; iva_basic at 22 %, iva_minimum at 10 %. */
    total: numeric('total', { precision: 12, scale: 2 }),
    ivaBasic: numeric('iva_basic', { precision: 12, scale: 2 }),
    ivaMinimum: numeric('iva_minimum', { precision: 12, scale: 2 }),
    lines: jsonb('lines').$type<FiscalDocumentLine[]>(),
    /** The provider's id of the document (its link, its QR). */
    providerRef: text('provider_ref'),
    /** The provider's link to the CFE's official representation (DGI's public copy and QR check), when it gives one (decision 078). */
    officialUrl: text('official_url'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('fiscal_documents_source_key').on(t.sourceKey),
    index('fiscal_documents_due_idx').on(t.status, t.nextAttemptAt),
    index('fiscal_documents_store_order_idx').on(t.storeOrderId),
    check(
      'fiscal_documents_status_check',
      sql`${t.status} in ('pending', 'issued', 'failed', 'void', 'held')`,
    ),
    check(
      'fiscal_documents_kind_check',
      sql`${t.kind} in ('sale', 'sale_credit_note', 'shipping', 'shipping_credit_note', 'commission', 'commission_credit_note')`,
    ),
    check('fiscal_documents_issuer_check', sql`${t.issuer} in ('store', 'mandado')`),
  ],
);
