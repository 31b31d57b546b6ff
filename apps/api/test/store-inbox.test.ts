import { CHECKOUT_MESSAGES } from '@mandado/shared/checkout.schemas';
import type { StoreOrderStatus } from '@mandado/shared/order-status';
import { staffStoreOrderSchema } from '@mandado/shared/staff-order.schemas';
import {
  STORE_INBOX_MESSAGES,
  storeInboxSchema,
  substituteCandidateListSchema,
} from '@mandado/shared/store-inbox.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addStoreMember,
  createProduct,
  createStore,
  createUser,
  type TestProduct,
  type TestStore,
  type TestUser,
} from './factories.ts';
import { insertPlacedOrder, type OrderRowLine, type PlacedOrderRows } from './order-rows.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

let t: TestApp;
let storeA: TestStore;
let storeB: TestStore;
let productA: TestProduct;
let productB: TestProduct;
let memberA1: TestUser;
let memberA2: TestUser;
let memberB: TestUser;
let remitter: TestUser;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: { emailLookupPerIp: { max: 1000, windowSeconds: 300 } } });
  storeA = await createStore(t.database, { name: `Almacén A ${Date.now()}` });
  storeB = await createStore(t.database, { name: `Almacén B ${Date.now()}` });
  productA = await createProduct(t.database, storeA.id, {
    name: 'Arroz largo fino 1 kg',
    price: '10.00',
    currency: 'USD',
  });
  productB = await createProduct(t.database, storeB.id, { price: '10.00', currency: 'USD' });
  memberA1 = await createUser(t.app);
  memberA2 = await createUser(t.app);
  memberB = await createUser(t.app);
  remitter = await createUser(t.app, { first_name: 'Lucía' });
  await addStoreMember(t.database, storeA.id, memberA1.id);
  await addStoreMember(t.database, storeA.id, memberA2.id);
  await addStoreMember(t.database, storeB.id, memberB.id);
});
afterAll(() => t.close());

async function placeAt(
  store: TestStore,
  options: {
    status?: StoreOrderStatus;
    lines?: OrderRowLine[];
    paymentStatus?: 'pending' | 'paid';
    paymentMethod?: 'card' | 'bank_transfer';
    minutesAgo?: number;
  } = {},
): Promise<PlacedOrderRows> {
  return insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    paymentStatus: options.paymentStatus ?? 'paid',
    paymentMethod: options.paymentMethod ?? 'card',
    createdAt: new Date(Date.now() - (options.minutesAgo ?? 0) * 60_000),
    stores: [
      {
        storeId: store.id,
        storeName: store.name,
        status: options.status ?? 'approved',
        lines: options.lines ?? [{ productId: store.id === storeA.id ? productA.id : productB.id }],
      },
    ],
  });
}

function first(order: PlacedOrderRows): { id: number; number: string } {
  const storeOrder = order.storeOrders[0];
  if (!storeOrder) throw new Error('no store order');
  return storeOrder;
}

async function lineIdOf(storeOrderId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.database,
    sql`select id from order_lines where store_order_id = ${storeOrderId} order by position limit 1`,
  );
  if (!row) throw new Error('no line');
  return row.id;
}

function inbox(user: TestUser, storeId: number, query = '', headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/v1/merchant/stores/${storeId}/orders/${query}`,
    headers: { cookie: user.headers.cookie, ...headers },
  });
}

function post(user: TestUser, url: string, payload: unknown = {}) {
  return t.app.inject({ method: 'POST', url, headers: user.headers, payload: payload as object });
}

describe('the store inbox', () => {
  it('lists paid orders by tab with every count, hides transfers still waiting, newest first', async () => {
    const store = await createStore(t.database);
    const product = await createProduct(t.database, store.id);
    const member = await createUser(t.app);
    await addStoreMember(t.database, store.id, member.id);
    const lines = [{ productId: product.id, quantity: 2 }];
    const older = await placeAt(store, { lines, minutesAgo: 10 });
    const newer = await placeAt(store, { lines, minutesAgo: 1 });
    await placeAt(store, { lines, status: 'preparing_to_delivery' });
    await placeAt(store, { lines, status: 'in_transit' });
    await placeAt(store, { lines, status: 'rejected' });
    // A transfer not paid yet: the store must not see it, in any tab or count.
    const waiting = await placeAt(store, {
      lines,
      status: 'pending',
      paymentStatus: 'pending',
      paymentMethod: 'bank_transfer',
    });

    const response = await inbox(member, store.id, '?tab=new');
    expect(response.statusCode).toBe(200);
    const body = storeInboxSchema.parse(response.json());
    expect(body.results.map((order) => order.number)).toEqual([first(newer).number, first(older).number]);
    expect(body.counts).toEqual({ new: 2, preparing: 1, ready: 0, on_the_way: 1, delivered: 0, problems: 1 });
    expect(body.unseen).toBe(2);
    expect(body).toMatchObject({ page: 1, pages: 1 });
    const card = body.results[0];
    expect(card).toMatchObject({
      seen: false,
      delivery: 'standard',
      next_statuses: ['preparing_to_delivery', 'rejected'],
      beneficiary: {
        first_name: 'Rosa',
        mobile_number: '+59891123456',
        address_line1: 'Av. 18 de Julio 1234',
        delivery_notes: 'Tocar timbre',
        maps_link: 'https://www.google.com/maps?q=-34.9058,-56.1913',
      },
      delivery_window: { from: '2026-11-23', to: '2026-11-24' },
    });
    expect(card?.delivery_window.text).toBe('Entre el lunes 23 de noviembre y el martes 24 de noviembre');
    expect(card?.lines[0]).toMatchObject({
      quantity: 2,
      substitution: 'similar',
      available_quantity: null,
      substitute: null,
    });

    const all = storeInboxSchema.parse((await inbox(member, store.id)).json());
    expect(all.results).toHaveLength(5);
    expect(all.results.some((order) => order.number === first(waiting).number)).toBe(false);
    const card404 = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/orders/${first(waiting).number}/`,
      headers: { cookie: member.headers.cookie },
    });
    expect(card404.statusCode).toBe(404);
    expect((await inbox(member, store.id, '?tab=nope')).statusCode).toBe(400);
  });

  it('answers 304 to the ETag it gave while nothing changed, and a new state after a change', async () => {
    const store = await createStore(t.database);
    const product = await createProduct(t.database, store.id);
    const member = await createUser(t.app);
    await addStoreMember(t.database, store.id, member.id);
    const order = await placeAt(store, { lines: [{ productId: product.id }] });

    const firstAnswer = await inbox(member, store.id, '?tab=new');
    const etag = String(firstAnswer.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(firstAnswer.headers['cache-control']).toBe('private, no-cache');

    const before = t.queries.length;
    const unchanged = await inbox(member, store.id, '?tab=new', { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    const pollQueries = t.queries.length - before;

    // Opening the order stops the ring and changes the state.
    const seen = await post(member, `/v1/merchant/stores/${store.id}/orders/${first(order).number}/seen/`);
    expect(seen.statusCode).toBe(200);
    expect(staffStoreOrderSchema.parse(seen.json()).seen).toBe(true);
    const afterSeen = await inbox(member, store.id, '?tab=new', { 'if-none-match': etag });
    expect(afterSeen.statusCode).toBe(200);
    expect(storeInboxSchema.parse(afterSeen.json()).unseen).toBe(0);
    const seenAt = await queryRows<{ seen_at: string }>(
      t.database,
      sql`select seen_at::text from store_orders where id = ${first(order).id}`,
    );
    // Once: a second opening keeps the first time.
    await post(member, `/v1/merchant/stores/${store.id}/orders/${first(order).number}/seen/`);
    const seenAgain = await queryRows<{ seen_at: string }>(
      t.database,
      sql`select seen_at::text from store_orders where id = ${first(order).id}`,
    );
    expect(seenAgain[0]?.seen_at).toBe(seenAt[0]?.seen_at);

    // A status change moves updated_at, so the phone polling the old ETag gets the new state.
    const etag2 = String(afterSeen.headers.etag);
    const moved = await post(
      member,
      `/v1/merchant/stores/${store.id}/orders/${first(order).number}/status/`,
      {
        from: 'approved',
        to: 'preparing_to_delivery',
      },
    );
    expect(moved.statusCode).toBe(200);
    const afterMove = await inbox(member, store.id, '?tab=new', { 'if-none-match': etag2 });
    expect(afterMove.statusCode).toBe(200);
    expect(storeInboxSchema.parse(afterMove.json()).counts.preparing).toBe(1);

    // The 304 costs the session's lookup and one query.
    const fresh = await inbox(member, store.id);
    const beforeFull = t.queries.length;
    await inbox(member, store.id, '', { 'if-none-match': String(fresh.headers.etag) });
    expect(t.queries.length - beforeFull).toBe(pollQueries);
  });

  it('reads a page in the same number of queries with 1 order as with 20, in pages of 20', async () => {
    const store = await createStore(t.database);
    const product = await createProduct(t.database, store.id);
    const member = await createUser(t.app);
    await addStoreMember(t.database, store.id, member.id);
    const count = async (query: string) => {
      const before = t.queries.length;
      const response = await inbox(member, store.id, query);
      expect(response.statusCode).toBe(200);
      return { body: storeInboxSchema.parse(response.json()), queries: t.queries.length - before };
    };
    await placeAt(store, {
      lines: [{ productId: product.id }, { productId: null, name: 'Borrado' }],
      minutesAgo: 100,
    });
    const one = await count('?tab=new');
    expect(one.body.results).toHaveLength(1);
    for (let i = 0; i < 24; i++) {
      await placeAt(store, { lines: [{ productId: product.id }, { productId: product.id }], minutesAgo: i });
    }
    const full = await count('?tab=new&page=1');
    expect(full.body.results).toHaveLength(20);
    expect(full.body).toMatchObject({ page: 1, pages: 2 });
    expect(full.queries).toBe(one.queries);
    const second = await count('?tab=new&page=2');
    expect(second.body.results).toHaveLength(5);
    expect(second.body.results.at(-1)?.lines[1]?.name).toBe('Borrado');
  });
});

describe('permissions in the inbox', () => {
  it("keeps a member of store A out of store B's inbox (403) and B's orders and lines under A (404)", async () => {
    const orderB = await placeAt(storeB);
    const numberB = first(orderB).number;
    const lineB = await lineIdOf(first(orderB).id);
    expect((await inbox(memberA1, storeB.id)).statusCode).toBe(403);
    const read = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: memberA1.headers.cookie } });
    expect((await read(`/v1/merchant/stores/${storeA.id}/orders/${numberB}/`)).statusCode).toBe(404);
    expect((await read(`/v1/merchant/stores/${storeB.id}/orders/${numberB}/`)).statusCode).toBe(403);
    expect(
      (await read(`/v1/merchant/stores/${storeA.id}/orders/${numberB}/lines/${lineB}/substitutes/`))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(memberA1, `/v1/merchant/stores/${storeA.id}/orders/${numberB}/seen/`)).statusCode,
    ).toBe(404);
    const marked = await post(
      memberA1,
      `/v1/merchant/stores/${storeA.id}/orders/${numberB}/lines/${lineB}/availability/`,
      { from: 'approved', available_quantity: 0 },
    );
    expect(marked.statusCode).toBe(404);
    const markedB = await post(
      memberA1,
      `/v1/merchant/stores/${storeB.id}/orders/${numberB}/lines/${lineB}/availability/`,
      { from: 'approved', available_quantity: 0 },
    );
    expect(markedB.statusCode).toBe(403);
    const rows = await queryRows<{ available_quantity: number | null; seen_at: string | null }>(
      t.database,
      sql`select l.available_quantity, so.seen_at::text from order_lines l
          join store_orders so on so.id = l.store_order_id where l.id = ${lineB}`,
    );
    expect(rows[0]).toEqual({ available_quantity: null, seen_at: null });
    const visitor = await t.app.inject({ method: 'GET', url: `/v1/merchant/stores/${storeA.id}/orders/` });
    expect(visitor.statusCode).toBe(401);
  });

  it('lets one of two members acting at once win; the other hears who and gets the fresh order', async () => {
    const order = await placeAt(storeA);
    const number = first(order).number;
    const url = `/v1/merchant/stores/${storeA.id}/orders/${number}/status/`;
    const moves = await Promise.all([
      post(memberA1, url, { from: 'approved', to: 'preparing_to_delivery' }),
      post(memberA2, url, { from: 'approved', to: 'rejected', reason: 'Sin stock' }),
    ]);
    expect(moves.map((move) => move.statusCode).sort()).toEqual([200, 409]);
    const winner = moves.find((move) => move.statusCode === 200);
    const loser = moves.find((move) => move.statusCode === 409);
    const body = loser?.json();
    expect(body.detail).toBe('Otra persona ya actualizó este pedido');
    expect(CHECKOUT_MESSAGES.statusChanged).toBe('Otra persona ya actualizó este pedido');
    expect(staffStoreOrderSchema.parse(body.order).status).toBe(winner?.json().status);
  });
});

describe('lines not available', () => {
  async function lineOrder(options: { quantity?: number; total?: string; substitution?: string } = {}) {
    const order = await placeAt(storeA, {
      lines: [{ productId: productA.id, quantity: options.quantity ?? 5, total: options.total ?? '50.00' }],
    });
    const storeOrder = first(order);
    const lineId = await lineIdOf(storeOrder.id);
    if (options.substitution) {
      await t.database.db.execute(
        sql`update order_lines set substitution = ${options.substitution} where id = ${lineId}`,
      );
    }
    const url = `/v1/merchant/stores/${storeA.id}/orders/${storeOrder.number}/lines/${lineId}/`;
    return { order, storeOrder, lineId, url };
  }

  async function refundsOf(storeOrderId: number) {
    return queryRows<{
      amount: string;
      reason: string;
      order_line_id: number;
      actor_role: string;
      status: string;
    }>(
      t.database,
      sql`select amount::text, reason, order_line_id, actor_role, status from refunds
          where store_order_id = ${storeOrderId} order by id`,
    );
  }

  async function mailsTo(email: string) {
    return queryRows<{ subject: string; text_body: string }>(
      t.database,
      sql`select subject, text_body from email_outbox where to_address = ${email} order by id`,
    );
  }

  it('refunds the missing units of a line (3 of 5), records it and e-mails the remitter', async () => {
    const { storeOrder, lineId, url } = await lineOrder();
    const response = await post(memberA1, `${url}availability/`, { from: 'approved', available_quantity: 3 });
    expect(response.statusCode, response.body).toBe(200);
    const card = staffStoreOrderSchema.parse(response.json());
    expect(card.lines[0]).toMatchObject({ id: lineId, available_quantity: 3, substitute: null });
    expect(await refundsOf(storeOrder.id)).toEqual([
      {
        amount: '20.00',
        reason: 'line_unavailable',
        order_line_id: lineId,
        actor_role: 'merchant',
        status: 'pending',
      },
    ]);
    const history = await queryRows<{ from_status: string; to_status: string; reason: string }>(
      t.database,
      sql`select from_status, to_status, reason from store_order_history
          where store_order_id = ${storeOrder.id} order by id desc limit 1`,
    );
    expect(history[0]).toEqual({
      from_status: 'approved',
      to_status: 'approved',
      reason: 'Arroz largo fino 1 kg: había 3 de 5.',
    });
    const mail = (await mailsTo(remitter.email)).find(
      (row) => row.subject === `Cambios en tu pedido ${storeOrder.number}`,
    );
    expect(mail?.text_body).toContain('Arroz largo fino 1 kg: había 3 de 5.');
    expect(mail?.text_body).toContain('Te devolvemos US$');

    // Once per line: a second marking is refused, nothing more is refunded.
    const again = await post(memberA1, `${url}availability/`, { from: 'approved', available_quantity: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: STORE_INBOX_MESSAGES.lineAlreadyMarked });
    expect(await refundsOf(storeOrder.id)).toHaveLength(1);
  });

  it('refunds the missing units only up to what is left of the line after an operator’s refund (issue 27)', async () => {
    // US$ 50,00 for 5 units beside another line, so the store order has more left than the line.
    const order = await placeAt(storeA, {
      lines: [
        { productId: productA.id, quantity: 5, total: '50.00' },
        { productId: productA.id, quantity: 1, total: '30.00' },
      ],
    });
    const storeOrder = first(order);
    const lineId = await lineIdOf(storeOrder.id);
    await t.database.db.execute(
      sql`insert into refunds (group_id, store_order_id, order_line_id, amount, reason, destination, status, actor_role)
          values (${order.groupId}, ${storeOrder.id}, ${lineId}, '45.00', 'operator', 'bank', 'pending', 'operator')`,
    );
    const url = `/v1/merchant/stores/${storeA.id}/orders/${storeOrder.number}/lines/${lineId}/`;
    const response = await post(memberA1, `${url}availability/`, { from: 'approved', available_quantity: 3 });
    expect(response.statusCode, response.body).toBe(200);
    // 2 missing units are worth US$ 20,00, but only US$ 5,00 of the line is left to give back.
    const refunds = await queryRows<{ amount: string; units: number | null }>(
      t.database,
      sql`select amount::text, units from refunds where order_line_id = ${lineId} order by id`,
    );
    expect(refunds).toEqual([
      { amount: '45.00', units: null },
      { amount: '5.00', units: 2 },
    ]);
  });

  it("'similar': a cheaper product of the same store replaces the missing units and the difference is refunded", async () => {
    const cheaper = await createProduct(t.database, storeA.id, {
      name: 'Arroz integral',
      price: '8.00',
      currency: 'USD',
    });
    const dearer = await createProduct(t.database, storeA.id, {
      name: 'Arroz basmati',
      price: '12.00',
      currency: 'USD',
    });
    const { storeOrder, lineId, url } = await lineOrder();

    const candidates = await t.app.inject({
      method: 'GET',
      url: `${url}substitutes/?q=ARROZ`,
      headers: { cookie: memberA1.headers.cookie },
    });
    expect(candidates.statusCode).toBe(200);
    const names = substituteCandidateListSchema.parse(candidates.json()).results.map((row) => row.name);
    expect(names).toContain('Arroz integral');
    expect(names).not.toContain('Arroz basmati');
    expect(names).not.toContain('Arroz largo fino 1 kg');

    const tooDear = await post(memberA1, `${url}availability/`, {
      from: 'approved',
      available_quantity: 0,
      substitute: { product_id: dearer.id, quantity: 5 },
    });
    expect(tooDear.statusCode).toBe(400);
    expect(tooDear.json()).toEqual({ substitute: [STORE_INBOX_MESSAGES.substituteTooDear] });
    const otherStore = await post(memberA1, `${url}availability/`, {
      from: 'approved',
      available_quantity: 0,
      substitute: { product_id: productB.id, quantity: 5 },
    });
    expect(otherStore.statusCode).toBe(400);

    const response = await post(memberA1, `${url}availability/`, {
      from: 'approved',
      available_quantity: 2,
      substitute: { product_id: cheaper.id, quantity: 3 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(staffStoreOrderSchema.parse(response.json()).lines[0]).toMatchObject({
      available_quantity: 2,
      substitute: {
        product_id: cheaper.id,
        name: 'Arroz integral',
        quantity: 3,
        unit_price: '8.00',
        total: '24.00',
      },
    });
    // 3 units at 10.00 paid, replaced by 3 at 8.00: 6.00 back.
    expect(await refundsOf(storeOrder.id)).toEqual([
      {
        amount: '6.00',
        reason: 'cheaper_substitute',
        order_line_id: lineId,
        actor_role: 'merchant',
        status: 'pending',
      },
    ]);
    const mail = (await mailsTo(remitter.email)).find(
      (row) => row.subject === `Cambios en tu pedido ${storeOrder.number}`,
    );
    expect(mail?.text_body).toContain('En su lugar va 3 × Arroz integral.');
  });

  it("'call' works like 'similar'; a substitute for fewer units refunds the rest", async () => {
    const same = await createProduct(t.database, storeA.id, {
      name: 'Arroz parboil',
      price: '10.00',
      currency: 'USD',
    });
    const { storeOrder, url } = await lineOrder({ substitution: 'call' });
    const response = await post(memberA1, `${url}availability/`, {
      from: 'approved',
      available_quantity: 0,
      substitute: { product_id: same.id, quantity: 2 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await refundsOf(storeOrder.id)).map((row) => [row.amount, row.reason])).toEqual([
      ['30.00', 'line_unavailable'],
    ]);
  });

  it("'refund' refuses a substitute (Spanish 400) and refunds the line", async () => {
    const cheaper = await createProduct(t.database, storeA.id, { price: '5.00', currency: 'USD' });
    const { storeOrder, url } = await lineOrder({ substitution: 'refund', quantity: 2, total: '20.00' });
    const refused = await post(memberA1, `${url}availability/`, {
      from: 'approved',
      available_quantity: 0,
      substitute: { product_id: cheaper.id, quantity: 1 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: STORE_INBOX_MESSAGES.substituteRefused });
    const noCandidates = await t.app.inject({
      method: 'GET',
      url: `${url}substitutes/`,
      headers: { cookie: memberA1.headers.cookie },
    });
    expect(noCandidates.json()).toEqual({ results: [] });

    const refunded = await post(memberA1, `${url}availability/`, { from: 'approved', available_quantity: 0 });
    expect(refunded.statusCode).toBe(200);
    expect((await refundsOf(storeOrder.id)).map((row) => [row.amount, row.reason])).toEqual([
      ['20.00', 'line_unavailable'],
    ]);
  });

  it('refuses a stale status, a quantity not below the ordered one, and orders already handed over', async () => {
    const { url } = await lineOrder();
    const stale = await post(memberA1, `${url}availability/`, {
      from: 'preparing_to_delivery',
      available_quantity: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: CHECKOUT_MESSAGES.statusChanged });
    const tooMany = await post(memberA1, `${url}availability/`, { from: 'approved', available_quantity: 5 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ available_quantity: [STORE_INBOX_MESSAGES.availableTooMany(5)] });

    const shipped = await placeAt(storeA, { status: 'in_transit' });
    const line = await lineIdOf(first(shipped).id);
    const late = await post(
      memberA1,
      `/v1/merchant/stores/${storeA.id}/orders/${first(shipped).number}/lines/${line}/availability/`,
      { from: 'in_transit', available_quantity: 0 },
    );
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ detail: STORE_INBOX_MESSAGES.lineNotChangeable });
  });
});
