import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@mandado/shared/checkout.schemas';
import {
  billingIndicatorOf,
  type IvaRate,
  ivaBreakdown,
  ivaRateOfLine,
  ivaRateOfStoreKind,
} from '@mandado/shared/iva';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { splitRefund } from '@mandado/shared/refund-split';
import { normalizeRut } from '@mandado/shared/rut';
import { commissionOf } from '@mandado/shared/statements';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import type { FiscalDocumentLine } from '../../db/schema/invoicing.ts';
import { notFound } from '../../http-errors.ts';
import { statementCommission } from '../store-statements/store-statements.service.ts';
import {
  type CfeProvider,
  CfeRejectedError,
  type CfeRequest,
  type CfeType,
  offlineCfeProvider,
} from './cfe-provider.ts';
import {
  type ClaimedDocument,
  commissionCredited,
  type FiscalDocumentRow,
  findDocumentBySource,
  findOwnStoreOrderId,
  findRefundForDocument,
  findStoreForDocument,
  findStoreOrderForDocument,
  listDocumentsOfStoreOrder,
  markDocumentHeld,
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

/**
 * The store's goods, each line after its share of the coupon, at the rate frozen on the line at purchase
 * (decision 078), or the store kind's for a line from before (decision 071).
 */
export function saleLinesOf(order: StoreOrderForDocument, storeKind: string): FiscalDocumentLine[] {
  return order.lines.map((line) =>
    lineOf(
      line.name,
      line.quantity,
      parseMoney(line.totalUsd),
      parseMoney(line.discount),
      ivaRateOfLine(line.vatRate, storeKind),
    ),
  );
}

/**
 * A goods credit of `amountMinor` split over the order's rates in proportion to what each rate sold (largest
 * remainder, so the parts add up to the cent): a rejected order's rest or an operator's amount covers lines of
 * every rate, and each part must be credited at its own rate as the e-Ticket declared it.
 */
export function creditByRate(
  order: StoreOrderForDocument,
  storeKind: string,
  amountMinor: number,
): Array<{ rate: IvaRate; amountMinor: number }> {
  const sold = ivaBreakdown(
    order.lines.map((line) => ({
      totalMinor: parseMoney(line.totalUsd) - parseMoney(line.discount),
      rate: ivaRateOfLine(line.vatRate, storeKind),
    })),
  ).filter((part) => part.totalMinor > 0);
  const whole = sold.reduce((sum, part) => sum + part.totalMinor, 0);
  if (whole <= 0 || sold.length <= 1)
    return [{ rate: sold[0]?.rate ?? ivaRateOfStoreKind(storeKind), amountMinor }];
  const shares = sold.map((part) => {
    const exact = (amountMinor * part.totalMinor) / whole;
    return { rate: part.rate, amountMinor: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = amountMinor - shares.reduce((sum, share) => sum + share.amountMinor, 0);
  for (const share of [...shares].sort((a, b) => b.rest - a.rest)) {
    if (left <= 0) break;
    share.amountMinor += 1;
    left -= 1;
  }
  return shares
    .filter((share) => share.amountMinor > 0)
    .map(({ rate, amountMinor: part }) => ({ rate, amountMinor: part }));
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
  if (doc.kind === 'commission_credit_note') {
    return commissionCreditNote(db, doc, settings, { store, order, base });
  }
  const date = montevideoDate(order.paidAt ?? order.createdAt);
  const addendum = `Pedido ${order.number}`;
  if (doc.kind === 'sale') {
    return {
      ...base,
      cfeType: 101,
      issuerRut: issuerRut(store.rut, settings.provider),
      receiver: null,
      currency: order.currency,
      date,
      lines: saleLinesOf(order, store.kind),
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
    lines: shippingNote
      ? [lineOf(description, 1, amount, 0, 22)]
      : refund.lineName
        ? [lineOf(description, 1, amount, 0, ivaRateOfLine(refund.lineVatRate, store.kind))]
        : creditByRate(order, store.kind, amount).map((part, _, parts) =>
            lineOf(
              parts.length > 1 ? `${description} (IVA ${part.rate} %)` : description,
              1,
              part.amountMinor,
              0,
              part.rate,
            ),
          ),
    reference: {
      cfeType: (corrected.cfeType ?? 101) as CfeType,
      series: corrected.series,
      number: corrected.number,
    },
    addendum,
  };
}

/**
 * Mandado's credit note of a week's commission e-Factura (type 112) for a refund that came after it (decision
 * 078): what the refund took off that order's commission by the statements' own rule (`commissionOf`, half up
 * per order, at the order's frozen rate), capped at what the e-Factura still holds above the week's commission
 * today (so two notes never give back more than the invoice, and a refund the invoice already counted gives
 * nothing: void). Issued to the store, referencing the e-Factura.
 */
async function commissionCreditNote(
  db: Database,
  doc: ClaimedDocument,
  settings: InvoicingSettings,
  context: {
    store: NonNullable<Awaited<ReturnType<typeof findStoreForDocument>>>;
    order: StoreOrderForDocument;
    base: { idempotencyKey: string; documentId: number };
  },
): Promise<CfeRequest | null> {
  const { store, order, base } = context;
  if (doc.refundId === null || !doc.weekStart) throw new CfeRejectedError('a credit note without its refund');
  const refund = await findRefundForDocument(db, doc.refundId);
  if (!refund) throw new CfeRejectedError('the refund is gone');
  const invoice = await findDocumentBySource(db, `commission:${doc.storeId}:${doc.weekStart}`);
  if (
    invoice?.status !== 'issued' ||
    invoice.series === null ||
    invoice.number === null ||
    invoice.total === null
  ) {
    throw new Error('the e-Factura it corrects is not issued yet');
  }
  const goods = parseMoney(order.subtotal);
  const before = parseMoney(await refundedBefore(db, order.id, refund.id));
  const rate = Number(order.commissionRate);
  const commissionAfter = (refunded: number) =>
    commissionOf({ goods, refunds: Math.min(refunded, goods), shipping: 0, commissionRate: rate });
  const share = commissionAfter(before) - commissionAfter(before + parseMoney(refund.amount));
  const { commissionMinor } = await statementCommission(db, doc.storeId, doc.weekStart);
  const credited = parseMoney(await commissionCredited(db, doc.storeId, doc.weekStart));
  const amount = Math.min(share, parseMoney(invoice.total) - credited - commissionMinor);
  if (amount <= 0) return null;
  return {
    ...base,
    cfeType: 112,
    issuerRut: issuerRut(settings.mandadoRut, settings.provider),
    receiver: { rut: issuerRut(store.rut, settings.provider), name: store.name },
    currency: invoice.currency,
    date: montevideoDate(new Date()),
    lines: [
      lineOf(
        `Ajuste de comisión por devolución del pedido ${order.number}, semana del ${doc.weekStart}`,
        1,
        amount,
        0,
        22,
      ),
    ],
    reference: { cfeType: 111, series: invoice.series, number: invoice.number },
    addendum: `Liquidación semanal ${doc.weekStart}`,
  };
}

/**
 * Whether Mandado's documents are held (decision 078): with a real provider and no CFE_MANDADO_RUT, Mandado
 * cannot issue (its company may not be Uruguayan yet), so its documents are kept as data and not sent.
 */
export function holdsMandadoDocuments(settings: InvoicingSettings): boolean {
  return settings.provider.name !== 'offline' && settings.mandadoRut.trim() === '';
}

/** Builds a claimed document, issues it through the provider and records its number and totals. */
export async function issueDocument(
  db: Database,
  doc: ClaimedDocument,
  settings: InvoicingSettings,
): Promise<void> {
  if (doc.issuer === 'mandado' && holdsMandadoDocuments(settings)) {
    await holdDocument(db, doc, settings);
    return;
  }
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
    officialUrl: issued.officialUrl,
    currency: request.currency,
    lines: request.lines,
    ...totalsOf(request.lines),
  });
}

/**
 * Keeps what Mandado's document would say without sending it (built as the offline adapter would, RUT left
 * empty). A credit note whose e-Ticket is itself held cannot be built yet: it is held without its lines and
 * built when the RUT is set and everything held goes out again.
 */
async function holdDocument(db: Database, doc: ClaimedDocument, settings: InvoicingSettings): Promise<void> {
  let request: CfeRequest | null = null;
  try {
    request = await buildCfeRequest(db, doc, { ...settings, provider: offlineCfeProvider });
  } catch (error) {
    if (error instanceof CfeRejectedError) throw error;
  }
  if (request === null) {
    await markDocumentHeld(db, doc.id, null);
    return;
  }
  await markDocumentHeld(db, doc.id, {
    cfeType: request.cfeType,
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
  /** The provider's official representation (decision 078), null when it gave none. */
  officialUrl: string | null;
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
    officialUrl: doc.test ? null : doc.officialUrl,
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
  const lines = order.lines.map((line) => {
    const gross = parseMoney(line.totalUsd);
    const discountMinor = parseMoney(line.discount);
    return {
      name: line.name,
      quantity: line.quantity,
      unitMinor: Math.round(gross / line.quantity),
      discountMinor,
      totalMinor: gross - discountMinor,
      rate: ivaRateOfLine(line.vatRate, store.kind),
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
