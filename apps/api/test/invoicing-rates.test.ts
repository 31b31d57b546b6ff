import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlaceOrderResult } from '@mandado/shared/checkout.schemas';
import type { FiscalProblemList } from '@mandado/shared/fiscal-documents.schemas';
import type { MerchantProduct } from '@mandado/shared/merchant-catalog.schemas';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CfeProvider,
  httpCfeProvider,
  offlineCfeProvider,
} from '../src/modules/invoicing/cfe-provider.ts';
import { runInvoicingPass } from '../src/modules/invoicing/invoicing-worker.ts';
import { statementCommission } from '../src/modules/store-statements/store-statements.service.ts';
import {
  addStoreMember,
  createProduct,
  createStore,
  createUser,
  makeOperator,
  type TestStore,
} from './factories.ts';
import { orderBody, placeOrderRequest, prepareCheckout } from './order-factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Decision 078 (issue 32, what 071 left): IVA per product frozen on the line, the commission's credit note
// after a refund, the provider's official copy on the receipt, and Mandado's documents held without its RUT.
const STORE_RUT = '211234560019';
const MANDADO_RUT = '219999990016';

let t: TestApp;
let server: Server;
let url: string;
const received: Array<{ headers: IncomingMessage['headers']; body: Record<string, unknown> }> = [];
/** Documents (idempotency keys) the provider refuses, with its reason in Spanish. */
const refused = new Set<string>();

beforeAll(async () => {
  t = await createTestApp();
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(body) as Record<string, unknown> });
      const n = received.length;
      if (refused.has(String(request.headers['idempotency-key']))) {
        response
          .writeHead(422, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'RUT del emisor no habilitado para emitir CFE' }));
        return;
      }
      response.writeHead(201, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `doc-${n}`,
          serie: 'A',
          numero: 5000 + n,
          enlace: `https://cfe.example.uy/consulta/A-${5000 + n}`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

function pass(provider: CfeProvider = offlineCfeProvider, mandadoRut = MANDADO_RUT) {
  return runInvoicingPass({ db: t.database.db, log: t.app.log, provider, mandadoRut });
}

const http = () => httpCfeProvider({ url, token: 'secreto' });

interface DocumentRow {
  status: string;
  cfe_type: number | null;
  series: string | null;
  number: number | null;
  total: string | null;
  iva_basic: string | null;
  iva_minimum: string | null;
  official_url: string | null;
  lines: Array<{ ivaRate: number; billingIndicator: number; amount: string }> | null;
}

async function documentOf(sourceKey: string) {
  const [row] = await queryRows<DocumentRow>(
    t.database,
    sql`select status, cfe_type, series, number, total::text, iva_basic::text, iva_minimum::text, official_url, lines
        from fiscal_documents where source_key = ${sourceKey}`,
  );
  return row;
}

/** The text pdfkit wrote (uncompressed): each TJ array's hex strings decoded from WinAnsi. */
function pdfText(pdf: Buffer): string {
  return [...pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)]
    .map((match) =>
      [...(match[1] ?? '').matchAll(/<([0-9a-f]*)>/gi)]
        .map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n');
}

async function rutStore(name: string): Promise<TestStore> {
  const store = await createStore(t.database, { name });
  await t.database.db.execute(
    sql`update stores set rif = ${STORE_RUT}, kind = 'store' where id = ${store.id}`,
  );
  return store;
}

describe('IVA per product', () => {
  it('freezes each line’s rate at purchase and documents and prints it per rate', async () => {
    const fixture = await prepareCheckout(t.database, { perStore: 3, price: '11.00' });
    const [yerba, soda, fruit] = fixture.products;
    const store = fixture.stores[0];
    if (!yerba || !soda || !fruit || !store) throw new Error('no fixture');
    await t.database.db.execute(
      sql`update stores set rif = ${STORE_RUT}, kind = 'store' where id = ${store.id}`,
    );
    await t.database.db.execute(sql`update products set vat_rate = 'basic' where id = ${yerba.id}`);
    await t.database.db.execute(sql`update products set vat_rate = 'exempt' where id = ${fruit.id}`);
    const body = await orderBody(t.app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const placed = await placeOrderRequest(t.app, fixture.user, body);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<PlaceOrderResult>().order;
    const storeOrder = order.stores[0];
    if (!storeOrder) throw new Error('no store order');

    // A later change of the product does not touch what was sold.
    await t.database.db.execute(sql`update products set vat_rate = 'standard' where id = ${yerba.id}`);
    const lines = await queryRows<{ product_id: number; vat_rate: number }>(
      t.database,
      sql`select l.product_id, l.vat_rate from order_lines l join store_orders so on so.id = l.store_order_id
          where so.number = ${storeOrder.number}`,
    );
    expect(new Map(lines.map((line) => [line.product_id, line.vat_rate]))).toEqual(
      new Map([
        [yerba.id, 10],
        [soda.id, 22],
        [fruit.id, 0],
      ]),
    );

    await pass();
    const [row] = await queryRows<{ id: number }>(
      t.database,
      sql`select id from store_orders where number = ${storeOrder.number}`,
    );
    const sale = await documentOf(`sale:${row?.id}`);
    // 11.00 at 10 % → 1.00; 11.00 at 22 % → 1.98; 11.00 exempt.
    expect(sale).toMatchObject({ status: 'issued', total: '33.00', iva_basic: '1.98', iva_minimum: '1.00' });
    expect(sale?.lines?.map((line) => line.billingIndicator).sort()).toEqual([1, 2, 3]);

    const receipt = await t.app.inject({
      method: 'GET',
      url: `/v1/orders/${order.number}/stores/${storeOrder.number}/receipt.pdf`,
      headers: fixture.user.headers,
    });
    expect(receipt.statusCode).toBe(200);
    const text = pdfText(receipt.rawPayload);
    expect(text).toContain('IVA incluido 22 %');
    expect(text).toContain('IVA incluido 10 %');
    expect(text).toContain('Exento de IVA');
    // The offline adapter gives no official copy: the receipt says so, as before.
    expect(text).toContain('Sin validez fiscal');
    expect(text).not.toContain('Ver comprobante oficial');
  });

  it('takes the rate in the /comercio form and the CSV import, and refuses what is not 22, 10 or 0', async () => {
    const store = await rutStore(`Almacén del IVA ${Date.now()}`);
    const owner = await createUser(t.app);
    await addStoreMember(t.database, store.id, owner.id, 'owner');
    const seeded = await createProduct(t.database, store.id, { name: 'Pan flauta' });
    const [row] = await queryRows<{ category_id: number; category: string }>(
      t.database,
      sql`select p.category_id, c.name as category from products p join categories c on c.id = p.category_id
          where p.id = ${seeded.id}`,
    );
    const base = `/v1/merchant/stores/${store.id}/products/`;
    const product = {
      name: 'Pan flauta',
      description: '',
      category_id: row?.category_id,
      price: '45',
      discounted_price: null,
      stock: 5,
      active: true,
      images: [],
    };
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `${base}${seeded.id}/`, headers: owner.headers, payload });
    const basic = await put({ ...product, vat_rate: 'basic' });
    expect(basic.statusCode, basic.body).toBe(200);
    expect(basic.json<MerchantProduct>().vat_rate).toBe('basic');
    // A client that does not know the field keeps the product's rate.
    expect((await put(product)).json<MerchantProduct>().vat_rate).toBe('basic');
    expect((await put({ ...product, vat_rate: null })).json<MerchantProduct>().vat_rate).toBeNull();
    expect((await put({ ...product, vat_rate: 'reducida' })).statusCode).toBe(400);

    const csv = (rows: string[]) =>
      t.app.inject({
        method: 'POST',
        url: `${base}import/`,
        headers: { ...owner.headers, 'content-type': 'text/csv' },
        payload: ['nombre;categoria;precio;stock;iva', ...rows].join('\n'),
      });
    const category = row?.category ?? '';
    const wrong = await csv([`Pan flauta;${category};45;5;7`]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ detail: string }>().detail).toContain(SERVER_MESSAGES.csvVatRate);
    const imported = await csv([`Pan flauta;${category};45;5;10`, `Manzana roja;${category};60;9;0 %`]);
    expect(imported.statusCode, imported.body).toBe(200);
    const rates = await queryRows<{ name: string; vat_rate: string | null }>(
      t.database,
      sql`select name, vat_rate from products where store_id = ${store.id} order by name`,
    );
    expect(rates).toEqual([
      { name: 'Manzana roja', vat_rate: 'exempt' },
      { name: 'Pan flauta', vat_rate: 'basic' },
    ]);
    const exported = await t.app.inject({ method: 'GET', url: `${base}export/`, headers: owner.headers });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('activo,admite_devolucion,iva');
    expect(exported.body).toContain(`Manzana roja,,${category},60.00,,9,sí,sí,0`);
  });
});

/** A paid, delivered order of the store in the week of 2026-11-16: one line of 12.20, shipping 2.99. */
async function deliveredOrder(store: TestStore, remitterId: number) {
  const product = await createProduct(t.database, store.id);
  const order = await insertPlacedOrder(t.database, {
    remitterId,
    stores: [
      {
        storeId: store.id,
        status: 'approved',
        lines: [{ productId: product.id, name: 'Yerba Canarias 1 kg', total: '12.20' }],
      },
    ],
  });
  const storeOrder = order.storeOrders[0];
  if (!storeOrder) throw new Error('no store order');
  await t.database.db.execute(
    sql`update store_orders set shipping = 2.99, total = 15.19, status = 'delivered',
        delivered_at = '2026-11-18T15:00:00Z', commission_rate = 10 where id = ${storeOrder.id}`,
  );
  await t.database.db.execute(sql`update order_groups set paid_at = now() where id = ${order.groupId}`);
  return { ...order, storeOrder };
}

async function refund(order: Awaited<ReturnType<typeof deliveredOrder>>, amount: string) {
  const [row] = await queryRows<{ id: number }>(
    t.database,
    sql`insert into refunds (group_id, store_order_id, amount, reason, destination, status, actor_role, settled_at)
        values (${order.groupId}, ${order.storeOrder.id}, ${amount}, 'line_unavailable', 'wallet', 'succeeded', 'merchant', now())
        returning id`,
  );
  return row?.id ?? 0;
}

describe('the commission, the official copy and Mandado without its RUT', () => {
  it("credits the store the commission a refund after the week's e-Factura took off, referencing it", async () => {
    const store = await rutStore(`Almacén de la comisión ${Date.now()}`);
    const remitter = await createUser(t.app);
    const week = '2026-11-16';
    const order = await deliveredOrder(store, remitter.id);
    await t.database.db.execute(
      sql`insert into store_statement_payments (store_id, week_start, reference, amount) values (${store.id}, ${week}, 'TRF-9', 0)`,
    );
    await pass(http());
    const invoice = await documentOf(`commission:${store.id}:${week}`);
    // 10 % of 12.20.
    expect(invoice).toMatchObject({ status: 'issued', cfe_type: 111, total: '1.22' });

    const refundId = await refund(order, '6.10');
    await pass(http());
    const note = await documentOf(`commission-credit-note:${refundId}`);
    // Half the goods back: the week's commission is 0.61 now, so 0.61 is credited.
    expect(note).toMatchObject({ status: 'issued', cfe_type: 112, total: '0.61' });
    expect((await statementCommission(t.database.db, store.id, week)).commissionMinor).toBe(61);
    const sent = received.find(
      (request) => request.headers['idempotency-key'] === `commission-credit-note:${refundId}`,
    );
    expect(sent?.body).toMatchObject({
      tipo_cfe: 112,
      emisor: { rut: MANDADO_RUT },
      receptor: { rut: STORE_RUT },
      referencia: { tipo_cfe: 111, serie: invoice?.series, numero: invoice?.number },
      items: [{ monto_item: '0.61', indicador_facturacion: 3 }],
    });

    // A second refund of the rest credits the rest, never more than the invoice.
    const restId = await refund(order, '9.09');
    await pass(http());
    expect(await documentOf(`commission-credit-note:${restId}`)).toMatchObject({
      status: 'issued',
      total: '0.61',
    });
  });

  it("links the provider's official copy from the receipt", async () => {
    const store = await rutStore(`Almacén oficial ${Date.now()}`);
    const remitter = await createUser(t.app);
    const order = await deliveredOrder(store, remitter.id);
    await pass(http());
    const sale = await documentOf(`sale:${order.storeOrder.id}`);
    expect(sale?.official_url).toMatch(/^https:\/\/cfe\.example\.uy\/consulta\/A-\d+$/);
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/v1/orders/${order.number}/stores/${order.storeOrder.number}/receipt.pdf`,
      headers: remitter.headers,
    });
    const text = pdfText(receipt.rawPayload);
    expect(text).toContain('Ver comprobante oficial');
    expect(text).toContain(sale?.official_url ?? 'no link');
    expect(text).not.toContain('Sin validez fiscal');
    // The link is a real PDF link annotation.
    expect(receipt.rawPayload.toString('latin1')).toContain(`/URI (${sale?.official_url}`);
  });

  it("keeps Mandado's documents as data without CFE_MANDADO_RUT, sends the store's, and sends them once set", async () => {
    const store = await rutStore(`Almacén sin RUT de Mandado ${Date.now()}`);
    const remitter = await createUser(t.app);
    const order = await deliveredOrder(store, remitter.id);
    const before = received.length;
    await pass(http(), '');
    const shippingKey = `shipping:${order.storeOrder.id}`;
    expect(await documentOf(`sale:${order.storeOrder.id}`)).toMatchObject({ status: 'issued' });
    expect(await documentOf(shippingKey)).toMatchObject({
      status: 'held',
      cfe_type: 101,
      total: '2.99',
      number: null,
    });
    expect(received.slice(before).map((request) => request.headers['idempotency-key'])).not.toContain(
      shippingKey,
    );

    await pass(http(), MANDADO_RUT);
    expect(await documentOf(shippingKey)).toMatchObject({ status: 'issued', series: 'A' });
  });
});

describe('the back office', () => {
  it('lists refused and held documents with the reason in Spanish, retries one (audited) and counts them', async () => {
    const store = await rutStore(`Almacén rechazado ${Date.now()}`);
    const remitter = await createUser(t.app);
    const [admin, support] = await Promise.all([createUser(t.app), createUser(t.app)]);
    await makeOperator(t.database, admin.id, 'administracion');
    await makeOperator(t.database, support.id, 'soporte');
    const order = await deliveredOrder(store, remitter.id);
    const saleKey = `sale:${order.storeOrder.id}`;
    refused.add(saleKey);
    await pass(http(), '');
    const [sale] = await queryRows<{ id: number }>(
      t.database,
      sql`select id from fiscal_documents where source_key = ${saleKey}`,
    );

    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/fiscal-documents/problems/',
      headers: support.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json<FiscalProblemList>();
    expect(body.results.find((doc) => doc.id === sale?.id)).toMatchObject({
      status: 'failed',
      kind_label: 'e-Ticket del comercio',
      store: { name: store.name },
      store_order_number: order.storeOrder.number,
      reason: 'El proveedor lo rechazó: RUT del emisor no habilitado para emitir CFE',
    });
    // Mandado's shipping e-Ticket was held: the warning tells the operator what to do.
    expect(
      body.results.some((doc) => doc.status === 'held' && doc.store_order_number === order.storeOrder.number),
    ).toBe(true);
    expect(body.warning).toContain('CFE_MANDADO_RUT');

    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/dashboard/',
      headers: support.headers,
    });
    expect(dashboard.json<{ fiscal_problems: number }>().fiscal_problems).toBe(body.failed + body.held);

    // Support reads but does not touch money documents; an administrator retries.
    const url = `/v1/admin/fiscal-documents/${sale?.id}/retry/`;
    expect((await t.app.inject({ method: 'POST', url, headers: support.headers })).statusCode).toBe(403);
    refused.delete(saleKey);
    const retried = await t.app.inject({ method: 'POST', url, headers: admin.headers });
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url, headers: admin.headers })).statusCode).toBe(409);
    const [audit] = await queryRows<{ action: string }>(
      t.database,
      sql`select action from audit_events where subject = ${`fiscal_document:${sale?.id}`}`,
    );
    expect(audit?.action).toBe('fiscal_document.retried');
    await pass(http(), MANDADO_RUT);
    expect(await documentOf(saleKey)).toMatchObject({ status: 'issued', series: 'A' });
  });
});
