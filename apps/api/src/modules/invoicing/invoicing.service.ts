import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@mandado/shared/checkout.schemas';
import { billingIndicatorOf, type IvaRate, ivaBreakdown, ivaRateOfStoreKind } from '@mandado/shared/iva';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { splitRefund } from '@mandado/shared/refund-split';
import { normalizeRut } from '@mandado/shared/rut';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import type { FiscalDocumentLine } from '../../db/schema/invoicing.ts';
import { notFound } from '../../http-errors.ts';
import { statementCommission } from '../store-statements/store-statements.service.ts';
import { type CfeProvider, CfeRejectedError, type CfeRequest, type CfeType } from './cfe-provider.ts';
import {
  type ClaimedDocument,
  type FiscalDocumentRow,
  findDocumentBySource,
  findOwnStoreOrderId,
  findRefundForDocument,
  findStoreForDocument,
  findStoreOrderForDocument,
  listDocumentsOfStoreOrder,
  markDocumentIssued,
  markDocumentVoid,
  refundedBefore,
  type StoreOrderForDocument,
} from './invoicing.repository.ts';

/** The day of a moment in Montevideo (UTC−3 all year since 2015): a CFE's date of issue. */
export function montevideoDate(at: Date): string {
  return new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
}

/** Who Mandado is on its own documents (shipping's e-Ticket, the commission's e-Factura). */
export interface InvoicingSettings {
  provider: CfeProvider;
  /** CFE_MANDADO_RUT; '' off production (the offline adapter does not send it anywhere). */
  mandadoRut: string;
}

/** "3,663333" → the unit price as a decimal with up to 6 places: a line's amount ÷ quantity, never rounded away. */
function unitPriceText(amountMinor: number, quantity: number): string {
  if (amountMinor % quantity === 0) return formatMinorAsDecimal(amountMinor / quantity);
  return (amountMinor / quantity / 100).toFixed(6);
}

function lineOf(
  description: string,
  quantity: number,
  grossMinor: number,
  discountMinor: number,
  rate: IvaRate,
): FiscalDocumentLine {
  return {
    description,
    quantity,
    unitPrice: unitPriceText(grossMinor, quantity),
    discount: formatMinorAsDecimal(discountMinor),
    amount: formatMinorAsDecimal(grossMinor - discountMinor),
    ivaRate: rate,
    billingIndicator: billingIndicatorOf(rate),
  };
}

/** The store's goods, each line after its share of the coupon, at the store kind's rate (decision 071). */
export function saleLinesOf(order: StoreOrderForDocument, rate: IvaRate): FiscalDocumentLine[] {
  return order.lines.map((line) =>
    lineOf(line.name, line.quantity, parseMoney(line.totalUsd), parseMoney(line.discount), rate),
  );
}

function totalsOf(lines: readonly FiscalDocumentLine[]) {
  const parts = ivaBreakdown(
    lines.map((line) => ({ totalMinor: parseMoney(line.amount), rate: line.ivaRate as IvaRate })),
  );
  const iva = (rate: IvaRate) => parts.find((part) => part.rate === rate)?.ivaMinor ?? 0;
  return {
    total: formatMinorAsDecimal(parts.reduce((sum, part) => sum + part.totalMinor, 0)),
    ivaBasic: formatMinorAsDecimal(iva(22)),
    ivaMinimum: formatMinorAsDecimal(iva(10)),
  };
}

/** An issuer's RUT as the provider needs it; a store without a valid one cannot issue yet (retried). */
function issuerRut(rut: string, provider: CfeProvider): string {
  const normalized = normalizeRut(rut);
  if (normalized) return normalized;
  if (provider.name === 'offline') return rut;
  throw new Error('the issuer has no valid RUT');
}

/**
 * What the provider is asked for a claimed document; null when there is nothing to document (a refund's
 * shipping part of 0); throws to retry, CfeRejectedError to give up.
 */
export async function buildCfeRequest(
  db: Database,
  doc: ClaimedDocument,
  settings: InvoicingSettings,
): Promise<CfeRequest | null> {
  const store = await findStoreForDocument(db, doc.storeId);
  if (!store) throw new CfeRejectedError('the store is gone');
  const base = { idempotencyKey: doc.sourceKey, documentId: doc.id };
  if (doc.kind === 'commission') {
    if (!doc.weekStart) throw new CfeRejectedError('a commission without its week');
    const commission = await statementCommission(db, doc.storeId, doc.weekStart);
    if (commission.commissionMinor <= 0) throw new CfeRejectedError('the week has no commission to invoice');
    return {
      ...base,
      cfeType: 111,
      issuerRut: issuerRut(settings.mandadoRut, settings.provider),
      receiver: { rut: issuerRut(store.rut, settings.provider), name: store.name },
      currency: commission.currency,
      date: montevideoDate(new Date()),
      lines: [
        lineOf(
          `Comisión por ventas en Mandado, semana del ${doc.weekStart} (${commission.orders} pedidos)`,
          1,
          commission.commissionMinor,
          0,
          22,
        ),
      ],
      reference: null,
      addendum: `Liquidación semanal ${doc.weekStart}`,
    };
  }
  if (doc.storeOrderId === null) throw new CfeRejectedError('a document without its store order');
  const order = await findStoreOrderForDocument(db, doc.storeOrderId);
  if (!order) throw new CfeRejectedError('the store order is gone');
  const date = montevideoDate(order.paidAt ?? order.createdAt);
  const addendum = `Pedido ${order.number}`;
  const rate = ivaRateOfStoreKind(store.kind);
  if (doc.kind === 'sale') {
    return {
      ...base,
      cfeType: 101,
      issuerRut: issuerRut(store.rut, settings.provider),
      receiver: null,
      currency: order.currency,
      date,
      lines: saleLinesOf(order, rate),
      reference: null,
      addendum,
    };
  }
  if (doc.kind === 'shipping') {
    return {
      ...base,
      cfeType: 101,
      issuerRut: issuerRut(settings.mandadoRut, settings.provider),
      receiver: null,
      currency: order.currency,
      date,
      lines: [lineOf(`Envío del pedido ${order.number}`, 1, parseMoney(order.shipping), 0, 22)],
      reference: null,
      addendum,
    };
  }
  if (doc.refundId === null) throw new CfeRejectedError('a credit note without its refund');
  const refund = await findRefundForDocument(db, doc.refundId);
  if (!refund) throw new CfeRejectedError('the refund is gone');
  const split = splitRefund({
    goodsMinor: parseMoney(order.subtotal) - parseMoney(order.discount),
    shippingMinor: parseMoney(order.shipping),
    earlierMinor: parseMoney(await refundedBefore(db, order.id, refund.id)),
    amountMinor: parseMoney(refund.amount),
  });
  const shippingNote = doc.kind === 'shipping_credit_note';
  const amount = shippingNote ? split.shippingMinor : split.goodsMinor;
  if (amount <= 0) return null;
  // A credit note corrects an e-Ticket: it waits until that one has its number.
  const corrected = await findDocumentBySource(db, `${shippingNote ? 'shipping' : 'sale'}:${order.id}`);
  if (corrected?.status !== 'issued' || corrected.series === null || corrected.number === null) {
    throw new Error('the e-Ticket it corrects is not issued yet');
  }
  const description = shippingNote
    ? `Devolución del envío del pedido ${order.number}`
    : refund.lineName
      ? `Devolución: ${refund.lineName}${refund.units ? ` (${refund.units} de ${refund.lineQuantity ?? refund.units})` : ''}`
      : `Devolución del pedido ${order.number}`;
  return {
    ...base,
    cfeType: 102,
    issuerRut: issuerRut(shippingNote ? settings.mandadoRut : store.rut, settings.provider),
    receiver: null,
    currency: order.currency,
    date: montevideoDate(new Date()),
    lines: [lineOf(description, 1, amount, 0, shippingNote ? 22 : rate)],
    reference: {
      cfeType: (corrected.cfeType ?? 101) as CfeType,
      series: corrected.series,
      number: corrected.number,
    },
    addendum,
  };
}

/** Builds a claimed document, issues it through the provider and records its number and totals. */
export async function issueDocument(
  db: Database,
  doc: ClaimedDocument,
  settings: InvoicingSettings,
): Promise<void> {
  const request = await buildCfeRequest(db, doc, settings);
  if (!request) {
    await markDocumentVoid(db, doc.id);
    return;
  }
  const issued = await settings.provider.issue(request);
  await markDocumentIssued(db, doc.id, {
    cfeType: request.cfeType,
    series: issued.series,
    number: issued.number,
    provider: issued.provider,
    test: issued.test,
    providerRef: issued.providerRef,
    currency: request.currency,
    lines: request.lines,
    ...totalsOf(request.lines),
  });
}

export interface ReceiptLine {
  name: string;
  quantity: number;
  unitMinor: number;
  discountMinor: number;
  /** After the discount, IVA included. */
  totalMinor: number;
  rate: IvaRate;
}

/** What the receipt PDF shows (decision 071). */
export interface Receipt {
  groupNumber: string;
  storeOrderNumber: string;
  store: { name: string; rut: string; address: string };
  paidAt: Date;
  currency: string;
  lines: ReceiptLine[];
  iva: ReturnType<typeof ivaBreakdown>;
  subtotalMinor: number;
  discountMinor: number;
  shippingMinor: number;
  creditMinor: number;
  totalMinor: number;
  payment: string;
  /** The store's e-Ticket once issued; null while it is being issued. */
  sale: DocumentRef | null;
  shipping: DocumentRef | null;
  creditNotes: DocumentRef[];
}

export interface DocumentRef {
  kind: string;
  cfeType: number;
  series: string;
  number: number;
  /** A test document (offline adapter): 'Sin validez fiscal'. */
  test: boolean;
  totalMinor: number;
}

function refOf(doc: FiscalDocumentRow): DocumentRef | null {
  if (doc.status !== 'issued' || doc.series === null || doc.number === null) return null;
  return {
    kind: doc.kind,
    cfeType: doc.cfeType ?? 101,
    series: doc.series,
    number: doc.number,
    test: doc.test,
    totalMinor: doc.total === null ? 0 : parseMoney(doc.total),
  };
}

const GROUP_NUMBER = /^MV-\d{1,12}$/;
const STORE_ORDER_NUMBER = /^MV-\d{1,12}-\d{1,3}$/;

/**
 * The remitter's receipt of one paid store order (issue 32): 404 when the order is not theirs, does not exist
 * or is not paid, so a guessed number tells nothing.
 */
export async function getOwnReceipt(
  db: Database,
  actor: Actor | null,
  groupNumber: string,
  storeOrderNumber: string,
): Promise<Receipt> {
  const { userId } = requirePermission(actor, 'account:own');
  if (!GROUP_NUMBER.test(groupNumber) || !STORE_ORDER_NUMBER.test(storeOrderNumber)) throw notFound();
  const id = await findOwnStoreOrderId(db, { groupNumber, storeOrderNumber, remitterId: userId });
  const order = id === null ? null : await findStoreOrderForDocument(db, id);
  if (!order?.paidAt) throw notFound();
  const store = await findStoreForDocument(db, order.storeId);
  if (!store) throw notFound();
  const rate = ivaRateOfStoreKind(store.kind);
  const lines = order.lines.map((line) => {
    const gross = parseMoney(line.totalUsd);
    const discountMinor = parseMoney(line.discount);
    return {
      name: line.name,
      quantity: line.quantity,
      unitMinor: Math.round(gross / line.quantity),
      discountMinor,
      totalMinor: gross - discountMinor,
      rate,
    };
  });
  const documents = await listDocumentsOfStoreOrder(db, order.id);
  const first = (kind: string) => {
    const doc = documents.find((row) => row.kind === kind);
    return doc ? refOf(doc) : null;
  };
  const method = order.paymentMethod as PaymentMethod;
  return {
    groupNumber: order.groupNumber,
    storeOrderNumber: order.number,
    store: { name: store.name, rut: store.rut, address: store.address },
    paidAt: order.paidAt,
    currency: order.currency,
    lines,
    iva: ivaBreakdown(lines),
    subtotalMinor: parseMoney(order.subtotal),
    discountMinor: parseMoney(order.discount),
    shippingMinor: parseMoney(order.shipping),
    creditMinor: parseMoney(order.credit),
    totalMinor: parseMoney(order.total),
    payment: [PAYMENT_METHOD_LABELS[method] ?? order.paymentMethod, order.paymentLabel]
      .filter(Boolean)
      .join(' · '),
    sale: first('sale'),
    shipping: first('shipping'),
    creditNotes: documents
      .filter((doc) => doc.kind === 'sale_credit_note' || doc.kind === 'shipping_credit_note')
      .map(refOf)
      .filter((ref): ref is DocumentRef => ref !== null),
  };
}
