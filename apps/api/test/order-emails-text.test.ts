import type { OrderGroup, PlaceOrderResult } from '@mandado/shared/checkout.schemas';
import { dayText } from '@mandado/shared/date-text';
import { deliveryWindow } from '@mandado/shared/delivery-window';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailTransport } from '../src/modules/mail/mail-transport.ts';
import { startMailWorker } from '../src/modules/mail/mail-worker.ts';
import { makeOperator } from './factories.ts';
import { type MailSink, startMailSink } from './mail-sink.ts';
import {
  COLOMBIAN_PHONE,
  createFastUser,
  giveCredit,
  insertCoupon,
  orderBody,
  placeOrderRequest,
  prepareCheckout,
} from './order-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The order e-mails as a mail server receives them (decision 034): amounts in the site's format, each store
 * block adding up with its coupon and credit shares, the charge once, and the pick-up wording.
 */

let testApp: TestApp;
let sink: MailSink;
beforeAll(async () => {
  testApp = await createTestApp();
  sink = await startMailSink();
});
afterAll(async () => {
  await sink.close();
  await testApp.close();
});

/** Sends what the outbox holds to the real SMTP sink, then reads the message to `to` with this subject. */
async function deliveredMail(to: string, subject: string) {
  const transport = smtpMailTransport(sink.url, 'Mandado <no-reply@mandado.uy>');
  const worker = startMailWorker({
    db: testApp.database.db,
    transport,
    log: Fastify({ logger: false }).log,
    intervalMs: 60_000,
  });
  try {
    await worker.drain();
  } finally {
    await worker.stop();
    transport.close();
  }
  const mail = sink.messages.find((message) => message.to.includes(to) && message.subject === subject);
  if (!mail) throw new Error(`no e-mail "${subject}" to ${to}`);
  return mail;
}

/** "US$ 1.234,50" → 123450; "−US$ 0,69" → -69. Throws on any other shape ('10.98' included). */
function amount(text: string): number {
  const match = /^(−?)US\$ (\d{1,3}(?:\.\d{3})*),(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`not an amount in the site's format: "${text}"`);
  const [, minus, whole = '0', cents = '00'] = match;
  const value = Number(whole.replaceAll('.', '')) * 100 + Number(cents);
  return minus ? -value : value;
}

/** The value after "<label>: " on the block's line that starts with `label`, as minor units. */
function field(block: string[], label: string): number {
  const line = block.find((item) => item.startsWith(label));
  if (!line) return 0;
  return amount(line.slice(line.lastIndexOf(': ') + 2));
}

describe('order e-mails', () => {
  it('write amounts as the site does and each store block adds up to the charge, coupon and credit included', async () => {
    const { app, database } = testApp;
    const code = `EMAIL${Date.now()}`;
    await insertCoupon(database, { code });
    const fixture = await prepareCheckout(database, { stores: 2, price: '5.49', quantity: 2 });
    await giveCredit(database, fixture.user.id, '3.00');
    const body = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      coupon: { code, terms: { type: 'discount_percentage', value: 1000, minimumPurchase: 0 } },
      credit: '3.00',
    });
    const placed = await placeOrderRequest(app, fixture.user, body);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<PlaceOrderResult>().order;

    const mail = await deliveredMail(fixture.user.email, `Tu pedido ${order.number} en Mandado`);
    // 2 × US$ 5,49 is US$ 10,98, written with the site's comma; no API decimal ("10.98") reaches the e-mail.
    expect(mail.text).toContain('2 × ');
    expect(mail.text).toContain('(US$ 5,49 c/u): US$ 10,98');
    expect(mail.text).not.toMatch(/US\$ \d+\.\d{2}\b/);
    expect(mail.html).toContain('US$ 10,98');

    const blocks = mail.text.split('\n\n').map((paragraph) => paragraph.split('\n'));
    const storeBlocks = blocks.filter((block) =>
      block.some((line) => line.startsWith('Total de esta tienda')),
    );
    expect(storeBlocks).toHaveLength(2);
    let sum = 0;
    for (const block of storeBlocks) {
      const total = field(block, 'Total de esta tienda');
      const parts =
        field(block, 'Productos') +
        field(block, 'Envío') +
        field(block, 'Cupón') +
        field(block, 'Crédito usado');
      expect(total).toBe(parts);
      sum += total;
    }
    // Every store carries its coupon share and its credit share.
    expect(storeBlocks.every((block) => block.some((line) => line.startsWith(`Cupón ${code}: −US$ `)))).toBe(
      true,
    );
    expect(storeBlocks.every((block) => block.some((line) => line.startsWith('Crédito usado: −US$ ')))).toBe(
      true,
    );
    // The charge is said once, and it is the sum of the blocks.
    const charged = mail.text.split('\n').filter((line) => line.startsWith('Total cobrado'));
    expect(charged).toHaveLength(1);
    expect(field(charged, 'Total cobrado')).toBe(sum);
    expect(amount(`US$ ${order.total.replace('.', ',')}`)).toBe(sum);
  });

  it("'Pago recibido' of a pick-up order says where and from which day to collect it, not 'Entrega estimada'", async () => {
    const { app, database } = testApp;
    const fixture = await prepareCheckout(database, { stores: 2, price: '12.00', phone: COLOMBIAN_PHONE });
    const body = await orderBody(app, fixture.user, {
      beneficiaryId: fixture.beneficiaryId,
      delivery: 'pickup',
      payment: { method: 'bank_transfer' },
    });
    const placed = await placeOrderRequest(app, fixture.user, body);
    expect(placed.statusCode, placed.body).toBe(201);
    const number = placed.json<PlaceOrderResult>().order.number;

    const operator = await createFastUser(database, 'Olga');
    await makeOperator(database, operator.id);
    const before = new Date();
    const paid = await app.inject({
      method: 'POST',
      url: `/v1/admin/orders/${number}/mark-paid/`,
      headers: operator.headers,
      payload: { reference: 'TRX-1' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json<OrderGroup>();

    const mail = await deliveredMail(fixture.user.email, `Pago recibido: pedido ${number}`);
    expect(mail.text).not.toContain('Entrega estimada');
    expect(mail.text).toContain(`Recibimos tu pago de US$ ${order.total.replace('.', ',')}`);
    // From the day the delivery-window rule gives, counted from the payment (the same day for this test's run).
    expect(mail.text).toContain(`puede retirarlo desde el ${dayText(deliveryWindow(before).from)}`);
    for (const store of order.stores) {
      expect(mail.text).toContain(`· ${store.store.name} (${store.number}): ${store.store.address}`);
    }
  });
});
