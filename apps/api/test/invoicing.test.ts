import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CfeProvider,
  httpCfeProvider,
  offlineCfeProvider,
} from '../src/modules/invoicing/cfe-provider.ts';
import { runInvoicingPass } from '../src/modules/invoicing/invoicing-worker.ts';
import { statementCommission } from '../src/modules/store-statements/store-statements.service.ts';
import { createProduct, createStore, createUser, type TestStore, type TestUser } from './factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Issue 32 item 3 (decision 071): the receipt PDF, the CFE documents of a paid order, a refund and a paid
// weekly statement, and the HTTP adapter against a local provider that speaks its protocol.
const STORE_RUT = '211234560019';
const MANDADO_RUT = '219999990016';

let t: TestApp;
let store: TestStore;
let remitter: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.database, { name: 'Almacén La Esquina' });
  await t.database.db.execute(
    sql`update stores set rif = ${STORE_RUT}, kind = 'store' where id = ${store.id}`,
  );
  [remitter, stranger] = await Promise.all([createUser(t.app), createUser(t.app)]);
});
afterAll(() => t.close());

function pass(provider: CfeProvider = offlineCfeProvider) {
  return runInvoicingPass({ db: t.database.db, log: t.app.log, provider, mandadoRut: MANDADO_RUT });
}

/** A paid order of one store: lines of 12.20 and 2 × 1.525 (3.05), shipping 2.99 and 1.00 of credit. */
async function paidOrder(paid = true) {
  const [a, b] = await Promise.all([
    createProduct(t.database, store.id),
    createProduct(t.database, store.id),
  ]);
  const order = await insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    paymentStatus: paid ? 'paid' : 'pending',
    stores: [
      {
        storeId: store.id,
        status: 'approved',
        lines: [
          { productId: a.id, name: 'Yerba Canarias 1 kg', total: '12.20' },
          { productId: b.id, name: 'Jabón en barra', quantity: 2, total: '3.05' },
        ],
      },
    ],
  });
  const storeOrder = order.storeOrders[0];
  if (!storeOrder) throw new Error('no store order');
  await t.database.db.execute(
    sql`update store_orders set shipping = 2.99, credit = 1.00, total = 17.24 where id = ${storeOrder.id}`,
  );
  if (paid)
    await t.database.db.execute(sql`update order_groups set paid_at = now() where id = ${order.groupId}`);
  return { ...order, storeOrder };
}

interface DocumentRow {
  kind: string;
  issuer: string;
  status: string;
  cfe_type: number | null;
  series: string | null;
  number: number | null;
  test: boolean;
  total: string | null;
  iva_basic: string | null;
  attempts: number;
  last_error: string | null;
}

function documentOf(sourceKey: string) {
  return queryRows<DocumentRow>(
    t.database,
    sql`select kind, issuer, status, cfe_type, series, number, test, total::text, iva_basic::text, attempts, last_error
        from fiscal_documents where source_key = ${sourceKey}`,
  ).then((rows) => rows[0]);
}

/** The text pdfkit wrote (uncompressed): each TJ array's hex strings decoded from WinAnsi and joined. */
function pdfText(pdf: Buffer): string {
  const body = pdf.toString('latin1');
  return [...body.matchAll(/\[([^\]]*)\]\s*TJ/g)]
    .map((match) =>
      [...(match[1] ?? '').matchAll(/<([0-9a-f]*)>/gi)]
        .map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n')
    .replace(/\x95/g, '•')
    .replace(/\xd7/g, '×');
}

function receiptUrl(order: { number: string; storeOrder: { number: string } }) {
  return `/v1/orders/${order.number}/stores/${order.storeOrder.number}/receipt.pdf`;
}

describe('receipts and CFE', () => {
  it("issues the store's e-Ticket and Mandado's shipping e-Ticket, and the remitter downloads the receipt", async () => {
    const order = await paidOrder();
    await pass();
    const sale = await documentOf(`sale:${order.storeOrder.id}`);
    expect(sale).toMatchObject({
      kind: 'sale',
      issuer: 'store',
      status: 'issued',
      cfe_type: 101,
      series: 'PRUEBA',
      test: true,
    });
    // IVA included at 22 %, rounded per line: 12.20 → 2.20, 3.05 → 0.55.
    expect(sale).toMatchObject({ total: '15.25', iva_basic: '2.75' });
    expect(await documentOf(`shipping:${order.storeOrder.id}`)).toMatchObject({
      issuer: 'mandado',
      total: '2.99',
      iva_basic: '0.54',
    });

    const response = await t.app.inject({ method: 'GET', url: receiptUrl(order), headers: remitter.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`comprobante-${order.storeOrder.number}.pdf`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'Almacén La Esquina',
      `RUT ${STORE_RUT}`,
      'Yerba Canarias 1 kg',
      '2 × US$ 1,53',
      'IVA incluido 22 %',
      'US$ 2,75',
      'Envío',
      'US$ 2,99',
      'Crédito de tu cuenta',
      'Total pagado',
      'US$ 17,24',
      'Tarjeta de débito o crédito · Visa •••• 4242',
      `e-Ticket PRUEBA-${sale?.number} (documento de prueba) · Sin validez fiscal`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('answers 404 for an order of someone else or not paid, and 401 without a session', async () => {
    const order = await paidOrder();
    const unpaid = await paidOrder(false);
    const asStranger = await t.app.inject({
      method: 'GET',
      url: receiptUrl(order),
      headers: stranger.headers,
    });
    expect(asStranger.statusCode).toBe(404);
    const notPaid = await t.app.inject({ method: 'GET', url: receiptUrl(unpaid), headers: remitter.headers });
    expect(notPaid.statusCode).toBe(404);
    const wrongStore = await t.app.inject({
      method: 'GET',
      url: `/v1/orders/${order.number}/stores/${unpaid.storeOrder.number}/receipt.pdf`,
      headers: remitter.headers,
    });
    expect(wrongStore.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: receiptUrl(order) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('leaves alone an order paid before the window the job looks at', async () => {
    const order = await paidOrder();
    await t.database.db.execute(
      sql`update order_groups set paid_at = now() - interval '30 days' where id = ${order.groupId}`,
    );
    await pass();
    expect(await documentOf(`sale:${order.storeOrder.id}`)).toBeUndefined();
  });

  it("splits refunds into the store's credit note for goods and Mandado's for shipping, shown on the receipt", async () => {
    const order = await paidOrder();
    await pass();
    const [refund] = await queryRows<{ id: number }>(
      t.database,
      sql`insert into refunds (group_id, store_order_id, amount, reason, destination, status, actor_role)
          values (${order.groupId}, ${order.storeOrder.id}, 3.05, 'line_unavailable', 'wallet', 'succeeded', 'merchant')
          returning id`,
    );
    await pass();
    const note = await documentOf(`credit-note:${refund?.id}`);
    expect(note).toMatchObject({
      kind: 'sale_credit_note',
      issuer: 'store',
      status: 'issued',
      cfe_type: 102,
      total: '3.05',
      iva_basic: '0.55',
    });
    // A line refund has no shipping part: Mandado's shipping credit note is void.
    expect(await documentOf(`shipping-credit-note:${refund?.id}`)).toMatchObject({
      status: 'void',
      number: null,
    });

    // The rest of the order with its shipping (12.20 + 2.99): the store credits its goods, Mandado the shipping.
    const [rest] = await queryRows<{ id: number }>(
      t.database,
      sql`insert into refunds (group_id, store_order_id, amount, reason, destination, status, actor_role)
          values (${order.groupId}, ${order.storeOrder.id}, 15.19, 'store_rejected', 'wallet', 'succeeded', 'system')
          returning id`,
    );
    await pass();
    expect(await documentOf(`credit-note:${rest?.id}`)).toMatchObject({ status: 'issued', total: '12.20' });
    const shippingNote = await documentOf(`shipping-credit-note:${rest?.id}`);
    expect(shippingNote).toMatchObject({
      kind: 'shipping_credit_note',
      issuer: 'mandado',
      status: 'issued',
      cfe_type: 102,
      total: '2.99',
    });

    const response = await t.app.inject({ method: 'GET', url: receiptUrl(order), headers: remitter.headers });
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`Devolución: Nota de crédito de e-Ticket PRUEBA-${note?.number}`);
    expect(text).toContain(
      `Devolución del envío (Mandado): Nota de crédito de e-Ticket PRUEBA-${shippingNote?.number}`,
    );
  });

  it("invoices a paid week's commission to the store with Mandado's e-Factura", async () => {
    const order = await paidOrder();
    const week = '2026-11-16';
    await t.database.db.execute(
      sql`update store_orders set status = 'delivered', delivered_at = '2026-11-18T15:00:00Z' where id = ${order.storeOrder.id}`,
    );
    await t.database.db.execute(
      sql`insert into store_statement_payments (store_id, week_start, reference, amount) values (${store.id}, ${week}, 'TRF-1', 0)`,
    );
    await pass();
    const { commissionMinor } = await statementCommission(t.database.db, store.id, week);
    expect(commissionMinor).toBeGreaterThan(0);
    const invoice = await documentOf(`commission:${store.id}:${week}`);
    expect(invoice).toMatchObject({ kind: 'commission', issuer: 'mandado', status: 'issued', cfe_type: 111 });
    expect(Math.round(Number(invoice?.total) * 100)).toBe(commissionMinor);
    expect(Math.round(Number(invoice?.iva_basic) * 100)).toBe(Math.round((commissionMinor * 22) / 122));
  });
});

describe('the HTTP CFE adapter', () => {
  let server: Server;
  let url: string;
  const received: Array<{ headers: IncomingMessage['headers']; body: Record<string, unknown> }> = [];
  /**
   * What the provider answers next for a document (by its idempotency key): a status and a body. Keyed, so
   * the order in which a pass sends the order's documents (it differs between engines) does not matter.
   */
  const answers = new Map<string, Array<[number, unknown]>>();

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        received.push({ headers: request.headers, body: JSON.parse(body) as Record<string, unknown> });
        const key = String(request.headers['idempotency-key'] ?? '');
        const [status, answer] = answers.get(key)?.shift() ?? [
          201,
          { id: `doc-${received.length}`, serie: 'A', numero: 1000 + received.length },
        ];
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the document with the token and its idempotency key, retries a 503 and records the number', async () => {
    const provider = httpCfeProvider({ url, token: 'secreto-de-prueba' });
    // Everything already issued stays; only this order's documents go to the provider.
    const order = await paidOrder();
    const saleKey = `sale:${order.storeOrder.id}`;
    answers.set(saleKey, [[503, { error: 'mantenimiento' }]]);
    await pass(provider);
    const firstTry = await documentOf(saleKey);
    expect(firstTry).toMatchObject({ status: 'pending', attempts: 1 });
    expect(firstTry?.last_error).toContain('503');

    await t.database.db.execute(
      sql`update fiscal_documents set next_attempt_at = now() where source_key = ${saleKey}`,
    );
    await pass(provider);
    const issued = await documentOf(saleKey);
    expect(issued).toMatchObject({ status: 'issued', series: 'A', test: false, cfe_type: 101 });

    const sent = received.filter((request) => request.headers['idempotency-key'] === saleKey);
    expect(sent).toHaveLength(2);
    const last = sent[1];
    expect(last?.headers.authorization).toBe('Bearer secreto-de-prueba');
    expect(last?.body).toMatchObject({
      tipo_cfe: 101,
      moneda: 'USD',
      emisor: { rut: STORE_RUT },
      receptor: null,
      montos_brutos: true,
      items: [
        {
          descripcion: 'Yerba Canarias 1 kg',
          cantidad: 1,
          precio_unitario: '12.20',
          monto_item: '12.20',
          indicador_facturacion: 3,
        },
        {
          descripcion: 'Jabón en barra',
          cantidad: 2,
          precio_unitario: '1.525000',
          monto_item: '3.05',
          indicador_facturacion: 3,
        },
      ],
    });
    // Mandado's shipping e-Ticket carries Mandado's RUT.
    const shipping = received.find(
      (request) => request.headers['idempotency-key'] === `shipping:${order.storeOrder.id}`,
    );
    expect(shipping?.body).toMatchObject({ emisor: { rut: MANDADO_RUT }, tipo_cfe: 101 });
  });

  it('fails a document the provider refuses, without retrying it', async () => {
    const provider = httpCfeProvider({ url, token: 'secreto-de-prueba' });
    const order = await paidOrder();
    answers.set(`sale:${order.storeOrder.id}`, [[422, { error: 'RUT emisor no habilitado' }]]);
    await pass(provider);
    const sale = await documentOf(`sale:${order.storeOrder.id}`);
    expect(sale).toMatchObject({ status: 'failed', attempts: 1 });
    expect(sale?.last_error).toContain('RUT emisor no habilitado');
  });
});
