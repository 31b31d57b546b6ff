import { staffStoreOrderSchema } from '@mandado/shared/staff-order.schemas';
import { storeInboxSchema } from '@mandado/shared/store-inbox.schemas';
import { substitutionQuestionSchema } from '@mandado/shared/substitution.schemas';
import { SUBSTITUTION_MESSAGES } from '@mandado/shared/substitution-texts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyDueSubstitutionsFlow } from '../src/flows/substitution.flow.ts';
import { signQuestionToken } from '../src/modules/substitutions/substitution-links.ts';
import {
  addStoreMember,
  createProduct,
  createStore,
  createUser,
  type TestProduct,
  type TestStore,
  type TestUser,
} from './factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

let t: TestApp;
let store: TestStore;
let rice: TestProduct;
let cheaper: TestProduct;
let member: TestUser;
let remitter: TestUser;

const noop = () => undefined;

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.database);
  rice = await createProduct(t.database, store.id, {
    name: 'Arroz largo fino 1 kg',
    price: '10.00',
    currency: 'USD',
  });
  cheaper = await createProduct(t.database, store.id, {
    name: 'Arroz integral',
    price: '8.00',
    currency: 'USD',
  });
  member = await createUser(t.app);
  // The remitter abroad: 'Llamarme antes' must dial this number, never the beneficiary's.
  remitter = await createUser(t.app, { first_name: 'Lucía', phone_number: '+34 612 34 56 78' });
  await addStoreMember(t.database, store.id, member.id);
});
afterAll(() => t.close());

/** A paid order of 5 × rice (50.00) with the line's preference; the store's line URL. */
async function lineOrder(options: { substitution?: string; paymentMethod?: 'card' | 'bank_transfer' } = {}) {
  const order = await insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    paymentStatus: 'paid',
    paymentMethod: options.paymentMethod ?? 'card',
    stores: [
      {
        storeId: store.id,
        storeName: store.name,
        status: 'approved',
        lines: [{ productId: rice.id, quantity: 5, total: '50.00' }],
      },
    ],
  });
  const storeOrder = order.storeOrders[0];
  if (!storeOrder) throw new Error('no store order');
  const [line] = await queryRows<{ id: number }>(
    t.database,
    sql`select id from order_lines where store_order_id = ${storeOrder.id}`,
  );
  if (!line) throw new Error('no line');
  if (options.substitution) {
    await t.database.db.execute(
      sql`update order_lines set substitution = ${options.substitution} where id = ${line.id}`,
    );
  }
  const url = `/v1/merchant/stores/${store.id}/orders/${storeOrder.number}/lines/${line.id}/`;
  return { storeOrder, lineId: line.id, url };
}

function post(headers: Record<string, string>, url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, headers, payload });
}

/** 2 of 5 available, 3 × the cheaper rice proposed: the store asks the remitter. */
function propose(url: string) {
  return post(member.headers, `${url}substitute-question/`, {
    from: 'approved',
    available_quantity: 2,
    substitute: { product_id: cheaper.id, quantity: 3 },
  });
}

/** The signed link of the remitter's newest question e-mail. */
async function linkToken(): Promise<string> {
  const [mail] = await queryRows<{ text_body: string }>(
    t.database,
    sql`select text_body from email_outbox where to_address = ${remitter.email}
        and kind = 'store_order.substitute_proposed' order by id desc limit 1`,
  );
  const token = mail?.text_body.match(/\/reemplazo\/([^\s]+)/)?.[1];
  if (!token) throw new Error('no link in the e-mail');
  return token;
}

async function answer(token: string, choice: string) {
  return post(await visitorHeaders(t.app), `/v1/substitutions/${token}/answer/`, { answer: choice });
}

async function refundsOf(storeOrderId: number) {
  return queryRows<{ amount: string; reason: string; destination: string }>(
    t.database,
    sql`select amount::text, reason, destination from refunds where store_order_id = ${storeOrderId} order by id`,
  );
}

async function card(number: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/merchant/stores/${store.id}/orders/${number}/`,
    headers: { cookie: member.headers.cookie },
  });
  return staffStoreOrderSchema.parse(response.json());
}

describe('the remitter decides a substitute', () => {
  it('asks by e-mail with a signed link, the remitter accepts without logging in, and the store sees it live', async () => {
    const { storeOrder, lineId, url } = await lineOrder();
    const inboxUrl = `/v1/merchant/stores/${store.id}/orders/`;
    const before = await t.app.inject({
      method: 'GET',
      url: inboxUrl,
      headers: { cookie: member.headers.cookie },
    });
    const etag = String(before.headers.etag);

    const proposed = await propose(url);
    expect(proposed.statusCode, proposed.body).toBe(200);
    const asked = staffStoreOrderSchema.parse(proposed.json());
    // Nothing changes on the line until the answer; the store sees the open question.
    expect(asked.lines[0]).toMatchObject({ available_quantity: null, substitute: null });
    expect(asked.substitution_questions).toEqual([
      expect.objectContaining({
        line_id: lineId,
        status: 'pending',
        answer: null,
        substitute_name: 'Arroz integral',
      }),
    ]);
    // Asked again, or the line marked another way meanwhile: refused, with the reason.
    expect((await propose(url)).json()).toEqual({ detail: SUBSTITUTION_MESSAGES.alreadyAsked });
    const marked = await post(member.headers, `${url}availability/`, {
      from: 'approved',
      available_quantity: 0,
    });
    expect(marked.statusCode).toBe(409);
    expect(marked.json()).toEqual({ detail: SUBSTITUTION_MESSAGES.alreadyAsked });

    const token = await linkToken();
    // The same choice in 'Mis Compras': the signed-in remitter's open questions, with the link's page.
    const mine = await t.app.inject({ method: 'GET', url: '/v1/substitutions/', headers: remitter.headers });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().results).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: `/reemplazo/${token}` })]),
    );
    const page = await t.app.inject({ method: 'GET', url: `/v1/substitutions/${token}/` });
    expect(page.statusCode, page.body).toBe(200);
    // 3 units paid 30.00, replaced by 3 at 8.00 = 24.00: never more than the line; 6.00 back if accepted.
    expect(substitutionQuestionSchema.parse(page.json())).toMatchObject({
      status: 'pending',
      line: { name: 'Arroz largo fino 1 kg', quantity: 5, paid: '50.00' },
      substitute: { name: 'Arroz integral', quantity: 3, price: '24.00' },
      refund_if_accepted: '6.00',
      refund_if_refused: '30.00',
      card_refund: true,
    });

    const accepted = await answer(token, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'answered', answer: 'accept', answered_by: 'remitter' });
    expect(await refundsOf(storeOrder.id)).toEqual([
      { amount: '6.00', reason: 'cheaper_substitute', destination: 'original_payment' },
    ]);

    // The store's next poll sees a new state, with the answer on the line.
    const after = await t.app.inject({
      method: 'GET',
      url: inboxUrl,
      headers: { cookie: member.headers.cookie, 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    const listed = storeInboxSchema
      .parse(after.json())
      .results.find((row) => row.number === storeOrder.number);
    expect(listed?.substitution_questions?.[0]).toMatchObject({ status: 'answered', answer: 'accept' });
    expect(listed?.lines[0]).toMatchObject({
      available_quantity: 2,
      substitute: { name: 'Arroz integral', quantity: 3 },
    });

    // A second answer: a clear reason, and nothing changes.
    const again = await answer(token, 'refund_credit');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: SUBSTITUTION_MESSAGES.alreadyAnswered });
    expect(await refundsOf(storeOrder.id)).toHaveLength(1);
  });

  it('refuses a forged or expired link with a Spanish reason and changes nothing', async () => {
    const { storeOrder, url } = await lineOrder();
    expect((await propose(url)).statusCode).toBe(200);
    const token = await linkToken();
    const [id, expires] = token.split('.');
    // Another question's id under this signature, and a signature changed by one character.
    const forged = [
      `${Number(id) + 1000}.${expires}.${token.split('.')[2]}`,
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    ];
    for (const bad of [...forged, 'not-a-link']) {
      const response = await answer(bad, 'accept');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: SUBSTITUTION_MESSAGES.linkInvalid });
    }
    const [key] = await queryRows<{ value: { secret: string } }>(
      t.database,
      sql`select value from server_keys where name = 'substitution-links'`,
    );
    const secret = Buffer.from(key?.value.secret ?? '', 'base64url');
    const expired = signQuestionToken(
      secret,
      { id: Number(id), storeOrderId: storeOrder.id },
      new Date(Date.now() - 1000),
    );
    const late = await answer(expired, 'accept');
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ detail: SUBSTITUTION_MESSAGES.linkExpired });
    expect(await refundsOf(storeOrder.id)).toEqual([]);
    expect((await card(storeOrder.number)).substitution_questions?.[0]?.status).toBe('pending');
  });

  it('refunds as credit when asked, and never to a card the order was not paid with', async () => {
    const { storeOrder, url } = await lineOrder({ paymentMethod: 'bank_transfer' });
    expect((await propose(url)).statusCode).toBe(200);
    const token = await linkToken();
    const toCard = await answer(token, 'refund_card');
    expect(toCard.statusCode).toBe(400);
    expect(toCard.json()).toEqual({ answer: [SUBSTITUTION_MESSAGES.noCardRefund] });
    const credit = await answer(token, 'refund_credit');
    expect(credit.statusCode, credit.body).toBe(200);
    // The 3 missing units' 30.00, into the wallet in the same transaction.
    expect(await refundsOf(storeOrder.id)).toEqual([
      { amount: '30.00', reason: 'line_unavailable', destination: 'wallet' },
    ]);
    const [entry] = await queryRows<{ amount: string }>(
      t.database,
      sql`select amount::text from wallet_entries where user_id = ${remitter.id} and kind = 'refunded'
          order by id desc limit 1`,
    );
    expect(entry?.amount).toBe('30.00');
    expect((await card(storeOrder.number)).lines[0]).toMatchObject({
      available_quantity: 2,
      substitute: null,
    });
  });

  it("applies the recorded preference when the wait time runs out, and 'Llamarme antes' shows the remitter's phone", async () => {
    const similar = await lineOrder({ substitution: 'similar' });
    const call = await lineOrder({ substitution: 'call' });
    expect((await propose(similar.url)).statusCode).toBe(200);
    expect((await propose(call.url)).statusCode).toBe(200);
    const deps = { publicUrl: 'http://localhost', kickMailWorker: noop, kickRefundWorker: noop };
    // Not yet due: nothing happens.
    expect(await applyDueSubstitutionsFlow(t.app.db, new Date(), deps)).toBe(0);
    expect(
      await applyDueSubstitutionsFlow(t.app.db, new Date(Date.now() + 21 * 60_000), deps),
    ).toBeGreaterThanOrEqual(2);

    expect((await card(similar.storeOrder.number)).substitution_questions?.[0]).toMatchObject({
      status: 'answered',
      answer: 'accept',
      answered_by: 'wait_time',
    });
    expect(await refundsOf(similar.storeOrder.id)).toEqual([
      { amount: '6.00', reason: 'cheaper_substitute', destination: 'original_payment' },
    ]);
    const called = await card(call.storeOrder.number);
    expect(called.substitution_questions?.[0]).toMatchObject({ answer: 'call', answered_by: 'wait_time' });
    expect(called.lines[0]?.available_quantity).toBeNull();
    expect(called.remitter_phone).toEqual({ formatted: '+34 612 34 56 78', e164: '+34612345678' });
    // An order without 'Llamarme antes' does not hand out the remitter's phone.
    expect((await card(similar.storeOrder.number)).remitter_phone).toBeNull();
  });
});

describe("'Marcar como agotado' (issue 31 item 5)", () => {
  it('takes the product off sale with the line change; without it the stock stays', async () => {
    const stockOf = async (id: number) =>
      (await queryRows<{ stock: number }>(t.database, sql`select stock from products where id = ${id}`))[0]
        ?.stock;
    const kept = await lineOrder();
    const before = await stockOf(rice.id);
    expect(before).toBeGreaterThan(0);
    const plain = await post(member.headers, `${kept.url}availability/`, {
      from: 'approved',
      available_quantity: 0,
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(await stockOf(rice.id)).toBe(before);
    const { url } = await lineOrder();
    const soldOut = await post(member.headers, `${url}availability/`, {
      from: 'approved',
      available_quantity: 0,
      mark_sold_out: true,
    });
    expect(soldOut.statusCode, soldOut.body).toBe(200);
    expect(await stockOf(rice.id)).toBe(0);
  });
});
