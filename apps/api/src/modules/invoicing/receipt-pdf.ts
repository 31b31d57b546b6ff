import { dateTimeWithZoneText } from '@mandado/shared/date-text';
import { moneyText, type TextCurrency } from '@mandado/shared/money-text';
import PDFDocument from 'pdfkit';
import type { DocumentRef, Receipt } from './invoicing.service.ts';

/** The DGI's names of the CFE types a receipt mentions. */
const CFE_NAMES: Record<number, string> = {
  101: 'e-Ticket',
  102: 'Nota de crédito de e-Ticket',
  111: 'e-Factura',
  112: 'Nota de crédito de e-Factura',
};

export const OFFICIAL_COPY = 'Ver comprobante oficial';

export const NO_FISCAL_VALUE = 'Sin validez fiscal';

function documentText(ref: DocumentRef | null, pending: string): string {
  if (!ref) return `${pending} · ${NO_FISCAL_VALUE}`;
  const name = `${CFE_NAMES[ref.cfeType] ?? 'CFE'} ${ref.series}-${ref.number}`;
  return ref.test ? `${name} (documento de prueba) · ${NO_FISCAL_VALUE}` : name;
}

/**
 * The receipt's text, line by line, as the PDF prints it (decision 071): the store and its RUT, the lines with
 * their unit price, the IVA included per rate, shipping, discounts, credit, the payment and the CFE numbers.
 */
export function receiptTexts(receipt: Receipt) {
  const currency: TextCurrency = { code: receipt.currency };
  const money = (minor: number) => moneyText(minor, currency);
  const fiscalWarning = !receipt.sale || receipt.sale.test;
  return {
    title: `Comprobante de compra ${receipt.storeOrderNumber}`,
    warning: fiscalWarning ? NO_FISCAL_VALUE : null,
    store: [receipt.store.name, `RUT ${receipt.store.rut || 'no informado'}`, receipt.store.address].filter(
      Boolean,
    ),
    order: [
      `Pedido ${receipt.storeOrderNumber} (compra ${receipt.groupNumber})`,
      `Pagado el ${dateTimeWithZoneText(receipt.paidAt.toISOString())}`,
    ],
    lines: receipt.lines.map((line) => ({
      name: line.name,
      detail: `${line.quantity} × ${money(line.unitMinor)}${line.discountMinor > 0 ? ` · descuento ${money(line.discountMinor)}` : ''} · IVA ${line.rate} %`,
      amount: money(line.totalMinor),
    })),
    totals: [
      ['Subtotal', money(receipt.subtotalMinor)],
      ...(receipt.discountMinor > 0 ? [['Descuentos', `-${money(receipt.discountMinor)}`]] : []),
      ...receipt.iva.map((part) =>
        part.rate === 0
          ? ['Exento de IVA', money(part.totalMinor)]
          : [`IVA incluido ${part.rate} %`, money(part.ivaMinor)],
      ),
      ['Envío', money(receipt.shippingMinor)],
      ...(receipt.creditMinor > 0 ? [['Crédito de tu cuenta', `-${money(receipt.creditMinor)}`]] : []),
      ['Total pagado', money(receipt.totalMinor)],
    ] as [string, string][],
    payment: `Forma de pago: ${receipt.payment}`,
    documents: [
      `Productos: ${documentText(receipt.sale, 'e-Ticket del comercio en emisión')}`,
      ...(receipt.shippingMinor > 0
        ? [`Envío (vendido por Mandado): ${documentText(receipt.shipping, 'e-Ticket de Mandado en emisión')}`]
        : []),
      ...receipt.creditNotes.map(
        (ref) =>
          `${ref.kind === 'shipping_credit_note' ? 'Devolución del envío (Mandado)' : 'Devolución'}: ${documentText(ref, '')} por ${money(ref.totalMinor)}`,
      ),
    ],
    // Decision 078: the provider's official representation of the store's e-Ticket (DGI's QR check), when given.
    official: receipt.sale?.officialUrl ? { label: OFFICIAL_COPY, url: receipt.sale.officialUrl } : null,
    footer:
      'Los precios incluyen IVA. Cada comercio vende sus productos y emite su comprobante fiscal electrónico; ' +
      'Mandado cobra por cuenta del comercio y vende el envío.',
  };
}

/** The receipt as a PDF (pdfkit, Helvetica: Latin-1 covers Spanish). Uncompressed: a receipt is a few kB. */
export function renderReceiptPdf(receipt: Receipt): Promise<Buffer> {
  const texts = receiptTexts(receipt);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: false,
    info: { Title: texts.title, Author: receipt.store.name, Creator: 'Mandado' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(16).text(texts.title);
  if (texts.warning) doc.fillColor('#b00020').fontSize(12).text(texts.warning).fillColor('black');
  doc
    .moveDown(0.5)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(texts.store[0] ?? '');
  doc.font('Helvetica').fontSize(10);
  for (const line of texts.store.slice(1)) doc.text(line);
  doc.moveDown(0.5);
  for (const line of texts.order) doc.text(line);
  doc.moveDown();

  for (const line of texts.lines) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(line.name, left, y, { width: width - 110 });
    doc.font('Helvetica').text(line.amount, left + width - 100, y, { width: 100, align: 'right' });
    doc
      .fillColor('#555555')
      .text(line.detail, left, doc.y, { width: width - 110 })
      .fillColor('black');
    doc.moveDown(0.4);
  }
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke()
    .moveDown(0.5);
  for (const [label, amount] of texts.totals) {
    const y = doc.y;
    const bold = label === 'Total pagado';
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, left, y, { width: width - 110 });
    doc.text(amount, left + width - 100, y, { width: 100, align: 'right' });
  }
  doc.font('Helvetica').moveDown().text(texts.payment, left, doc.y, { width });
  doc.moveDown(0.5);
  for (const line of texts.documents) doc.text(line, { width });
  if (texts.official) {
    doc
      .moveDown(0.5)
      .fillColor('#0b57d0')
      .text(texts.official.label, { width, link: texts.official.url, underline: true })
      .fillColor('#555555')
      .fontSize(8)
      .text(texts.official.url, { width, link: texts.official.url })
      .fillColor('black')
      .fontSize(10);
  }
  doc.moveDown().fontSize(8).fillColor('#555555').text(texts.footer, { width });
  doc.end();
  return done;
}
