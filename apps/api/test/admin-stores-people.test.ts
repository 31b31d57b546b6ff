import { createHash, randomBytes } from 'node:crypto';
import { ADMIN_PEOPLE_MESSAGES } from '@mandado/shared/admin-people.schemas';
import { ADMIN_STORES_MESSAGES } from '@mandado/shared/admin-stores.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addStoreMember,
  cityId,
  createProduct,
  createStore,
  createUser,
  makeOperator,
  type TestProduct,
  type TestStore,
  type TestUser,
} from './factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { uniqueEmail, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

/**
 * Issue 19, the back office's stores and people: applications rejected with a reason, stores suspended
 * (hidden from the shop while their open orders stay in the inbox) and reopened, commission, members; people
 * searched, operator groups, memberships, locks (sessions end, login refused) and wallet adjustments. Every
 * change leaves an audit row with before and after.
 */
let t: TestApp;
let admin: TestUser;
let pagos: TestUser;
let soporte: TestUser;
let store: TestStore;
let product: TestProduct;
let owner: TestUser;
const WORD = `caleidoscopio${randomBytes(3).toString('hex')}`;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(t.app, { kickMailWorker: () => undefined });
  admin = await createUser(t.app, { first_name: 'Olga', last_name: 'Admin' });
  await makeOperator(t.database, admin.id, 'administracion');
  pagos = await createUser(t.app);
  await makeOperator(t.database, pagos.id, 'pagos');
  soporte = await createUser(t.app);
  await makeOperator(t.database, soporte.id, 'soporte');
  store = await createStore(t.database, { name: `Juguetería Prueba ${randomBytes(3).toString('hex')}` });
  product = await createProduct(t.database, store.id, {
    name: `Trompo ${WORD}`,
    price: '5.00',
    currency: 'USD',
  });
  owner = await createUser(t.app);
  await addStoreMember(t.database, store.id, owner.id, 'owner');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(
  user: TestUser,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...user.headers, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function auditRows(action: string, subject: string) {
  return queryRows<{ actor_user_id: number; actor_role: string; detail: Record<string, unknown> }>(
    t.database,
    sql`select actor_user_id, actor_role, detail from audit_events where action = ${action} and subject = ${subject} order by id`,
  );
}

describe('store applications: reject', () => {
  async function insertApplication(): Promise<{ id: number; email: string; name: string }> {
    const email = uniqueEmail('solicitante');
    const name = `Óptica Rechazable ${randomBytes(3).toString('hex')}`;
    const [row] = await queryRows<{ id: number }>(
      t.database,
      sql`insert into store_applications
        (store_name, kind, address_line1, city_id, latitude, longitude, contact_name, email, phone_e164, rut)
        values (${name}, 'optical_shop', 'Av. Italia 2000', ${await cityId(t.database)}, -34.9, -56.16,
          'Marta Silva', ${email}, '+59899123456', ${`RUT-${randomBytes(4).toString('hex')}`})
        returning id`,
    );
    if (!row) throw new Error('no application');
    return { id: row.id, email, name };
  }

  it('needs a reason and admin:manage, e-mails the reason, audits, and refuses a second decision', async () => {
    const application = await insertApplication();
    const url = `/v1/admin/store-applications/${application.id}/reject/`;
    const missing = await call(admin, 'POST', url, { reason: '   ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(ADMIN_STORES_MESSAGES.reasonRequired);
    expect((await call(soporte, 'POST', url, { reason: 'No' })).statusCode).toBe(403);

    const reason = 'No vendemos ópticas en esa zona todavía.';
    const rejected = await call(admin, 'POST', url, { reason });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toEqual({ id: application.id, status: 'rejected' });

    const again = await call(admin, 'POST', url, { reason });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ detail: string }>().detail).toMatch(/[a-záéíóú]/);

    const [mail] = await queryRows<{ text_body: string; subject: string }>(
      t.database,
      sql`select text_body, subject from email_outbox where to_address = ${application.email} order by id desc limit 1`,
    );
    expect(mail?.text_body).toContain(reason);
    expect(mail?.subject).toContain(application.name);
    const [audit] = await auditRows('store_application.rejected', `store_application:${application.id}`);
    expect(audit).toMatchObject({ actor_user_id: admin.id, actor_role: 'operator' });
    expect(audit?.detail).toMatchObject({ reason, after: { status: 'rejected' } });

    const list = await call(pagos, 'GET', '/v1/admin/store-applications/?status=rejected');
    const listed = list.json<{ results: Array<{ id: number; rejection_reason: string }> }>().results;
    expect(listed.find((row) => row.id === application.id)?.rejection_reason).toBe(reason);
    expect(
      (await call(admin, 'POST', '/v1/admin/store-applications/999999/reject/', { reason })).statusCode,
    ).toBe(404);
  });
});

describe('stores', () => {
  it('lists stores with state, members and commission; searches by name; filters by status', async () => {
    const found = await call(
      soporte,
      'GET',
      `/v1/admin/stores/?q=${encodeURIComponent(store.name.slice(-6))}`,
    );
    expect(found.statusCode).toBe(200);
    const results = found.json<{ results: Array<Record<string, unknown>> }>().results;
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      id: store.id,
      status: 'approved',
      member_count: 1,
      commission_rate: '10.00',
      status_reason: '',
    });
    const pending = await createStore(t.database, { status: 'pending' });
    const onlyPending = await call(admin, 'GET', '/v1/admin/stores/?status=pending');
    const statuses = onlyPending.json<{ results: Array<{ id: number; status: string }> }>().results;
    expect(statuses.some((row) => row.id === pending.id)).toBe(true);
    expect(statuses.every((row) => row.status === 'pending')).toBe(true);
    const bad = await call(admin, 'GET', '/v1/admin/stores/?status=cerrada');
    expect(bad.statusCode).toBe(400);

    const detail = await call(admin, 'GET', `/v1/admin/stores/${store.id}/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id: store.id,
      members: [{ user_id: owner.id, role: 'owner', email: owner.email }],
    });
    expect((await call(admin, 'GET', '/v1/admin/stores/999999/')).statusCode).toBe(404);
  });

  it('suspends with a reason: hidden from the shop and search, its open order still in the inbox; reopens', async () => {
    const order = await insertPlacedOrder(t.database, {
      remitterId: admin.id,
      paymentStatus: 'paid',
      paymentMethod: 'card',
      createdAt: new Date(),
      stores: [
        { storeId: store.id, storeName: store.name, status: 'approved', lines: [{ productId: product.id }] },
      ],
    });
    const shopStores = async () =>
      (await t.app.inject({ method: 'GET', url: '/v1/stores/city/Montevideo' }))
        .json<Array<{ name: string }>>()
        .map((row) => row.name);
    const search = async () =>
      (await t.app.inject({ method: 'GET', url: '/v1/products/Montevideo/', query: { search: WORD } }))
        .json<{ results: Array<{ name: string }> }>()
        .results.map((row) => row.name);
    expect(await shopStores()).toContain(store.name);
    expect(await search()).toContain(product.name);

    const url = `/v1/admin/stores/${store.id}/suspend/`;
    const noReason = await call(admin, 'POST', url, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain(ADMIN_STORES_MESSAGES.reasonRequired);
    expect((await call(pagos, 'POST', url, { reason: 'x' })).statusCode).toBe(403);
    const reason = 'Reclamos de clientes sin responder.';
    const suspended = await call(admin, 'POST', url, { reason });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ status: 'suspended', status_reason: reason });
    const twice = await call(admin, 'POST', url, { reason });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: ADMIN_STORES_MESSAGES.storeAlreadySuspended });

    expect(await shopStores()).not.toContain(store.name);
    expect(await search()).not.toContain(product.name);
    const storePage = await t.app.inject({
      method: 'GET',
      url: `/v1/stores/${store.id}/products/`,
    });
    expect([404, 400]).toContain(storePage.statusCode);
    // Nor can its products go in a cart.
    const shopper = await createUser(t.app);
    expect((await call(shopper, 'PUT', '/v1/cart/city/Montevideo')).statusCode).toBe(200);
    const toCart = await call(shopper, 'POST', '/v1/cart/add/', { product_id: product.id, quantity: 1 });
    expect(toCart.statusCode).toBe(400);

    // Its members keep working the order already paid.
    const inbox = await t.app.inject({
      method: 'GET',
      url: `/v1/merchant/stores/${store.id}/orders/`,
      headers: { cookie: owner.headers.cookie },
    });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.body).toContain(order.storeOrders[0]?.number ?? 'none');
    const ownStores = await t.app.inject({
      method: 'GET',
      url: '/v1/merchant/stores/',
      headers: { cookie: owner.headers.cookie },
    });
    expect(ownStores.statusCode).toBe(200);
    expect(ownStores.json()).toMatchObject({ results: [{ id: store.id, status: 'suspended' }] });

    const [audit] = await auditRows('store.suspended', `store:${store.id}`);
    expect(audit?.detail).toMatchObject({
      before: { status: 'approved', status_reason: '' },
      after: { status: 'suspended', status_reason: reason },
    });

    const reopened = await call(admin, 'POST', `/v1/admin/stores/${store.id}/reopen/`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'approved', status_reason: '' });
    expect((await call(admin, 'POST', `/v1/admin/stores/${store.id}/reopen/`)).json()).toEqual({
      detail: ADMIN_STORES_MESSAGES.storeAlreadyOpen,
    });
    expect(await shopStores()).toContain(store.name);
    expect(await search()).toContain(product.name);
    const [reopenAudit] = await auditRows('store.reopened', `store:${store.id}`);
    expect(reopenAudit?.detail).toMatchObject({
      before: { status: 'suspended' },
      after: { status: 'approved' },
    });
  });

  it('sets the commission between 0 and 50 with two decimals, audited', async () => {
    const url = `/v1/admin/stores/${store.id}/commission/`;
    for (const commission_rate of [50.01, -1, 12.345]) {
      const refused = await call(admin, 'PUT', url, { commission_rate });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(ADMIN_STORES_MESSAGES.commissionRange);
    }
    expect((await call(soporte, 'PUT', url, { commission_rate: 12 })).statusCode).toBe(403);
    const set = await call(admin, 'PUT', url, { commission_rate: 12.5 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ commission_rate: '12.50' });
    const [audit] = await auditRows('store.commission_changed', `store:${store.id}`);
    expect(audit?.detail).toEqual({
      before: { commission_rate: '10.00' },
      after: { commission_rate: '12.50' },
    });
  });

  it('adds an existing account by e-mail and removes it; never the last owner', async () => {
    const url = `/v1/admin/stores/${store.id}/members/`;
    const unknown = await call(admin, 'POST', url, { email: uniqueEmail('nadie'), role: 'staff' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ email: [ADMIN_STORES_MESSAGES.noAccount] });

    const helper = await createUser(t.app);
    const added = await call(admin, 'POST', url, { email: helper.email.toUpperCase(), role: 'staff' });
    expect(added.statusCode).toBe(200);
    expect(added.json<{ members: Array<{ user_id: number; role: string }> }>().members).toContainEqual(
      expect.objectContaining({ user_id: helper.id, role: 'staff' }),
    );
    const same = await call(admin, 'POST', url, { email: helper.email, role: 'staff' });
    expect(same.json()).toEqual({ detail: ADMIN_STORES_MESSAGES.sameRole });
    // The member sees the store from their next request.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/v1/merchant/stores/',
      headers: { cookie: helper.headers.cookie },
    });
    expect(mine.json()).toMatchObject({ results: [{ id: store.id, member_role: 'staff' }] });
    const [audit] = await auditRows('member.added', `user:${helper.id}`);
    expect(audit).toMatchObject({ actor_role: 'operator' });
    expect(audit?.detail).toEqual({ before: null, after: { role: 'staff' } });

    const lastOwner = await call(admin, 'DELETE', `${url}${owner.id}/`);
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json()).toEqual({ detail: ADMIN_STORES_MESSAGES.lastOwner });
    const removed = await call(admin, 'DELETE', `${url}${helper.id}/`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<{ members: Array<{ user_id: number }> }>().members.map((m) => m.user_id)).toEqual([
      owner.id,
    ]);
    expect((await call(admin, 'DELETE', `${url}${helper.id}/`)).statusCode).toBe(404);
  });
});

describe('people', () => {
  it('searches accounts by e-mail and name, a page at a time', async () => {
    const person = await createUser(t.app, { first_name: 'Eulalia', last_name: 'Zubiría' });
    const byName = await call(soporte, 'GET', '/v1/admin/people/?q=eulalia zub');
    expect(byName.statusCode).toBe(200);
    const results = byName.json<{ results: Array<{ id: number; roles: string[] }> }>().results;
    expect(results.map((row) => row.id)).toContain(person.id);
    const byEmail = await call(soporte, 'GET', `/v1/admin/people/?q=${encodeURIComponent(person.email)}`);
    expect(byEmail.json()).toMatchObject({
      results: [{ id: person.id, email: person.email, locked: false }],
    });
    const below = await call(soporte, 'GET', `/v1/admin/people/?cursor=${person.id}`);
    expect(below.json<{ results: Array<{ id: number }> }>().results.every((row) => row.id < person.id)).toBe(
      true,
    );
    expect((await call(soporte, 'GET', '/v1/admin/people/?cursor=abc')).statusCode).toBe(400);

    const detail = await call(soporte, 'GET', `/v1/admin/people/${owner.id}/`);
    expect(detail.json()).toMatchObject({
      id: owner.id,
      roles: ['remitter', 'merchant'],
      operator_group: null,
      memberships: [{ store_id: store.id, store_name: store.name, role: 'owner' }],
      locked_at: null,
      credit: '0.00',
      orders_total: 0,
      you: false,
    });
    expect((await call(soporte, 'GET', '/v1/admin/people/999999/')).statusCode).toBe(404);
  });

  it('sets and removes an operator group; an operator cannot remove or downgrade themself', async () => {
    const person = await createUser(t.app);
    const url = `/v1/admin/people/${person.id}/operator/`;
    expect((await call(admin, 'PUT', url, { group: 'jefe' })).statusCode).toBe(400);
    expect((await call(pagos, 'PUT', url, { group: 'pagos' })).statusCode).toBe(403);
    // Four eyes on people (issue 27): a grant or a raise waits for another administrator's approval.
    const second = await createUser(t.app);
    await makeOperator(t.database, second.id, 'administracion');
    const approveFor = async (group: string) => {
      const asked = await call(admin, 'PUT', url, { group });
      expect(asked.json()).toMatchObject({ pending_operator_group: group });
      const pending = await call(second, 'GET', '/v1/admin/operator-grants/');
      const grant = pending
        .json<{ results: Array<{ id: number; user_id: number }> }>()
        .results.find((row) => row.user_id === person.id);
      return call(second, 'POST', `/v1/admin/operator-grants/${grant?.id}/approve/`);
    };
    expect((await approveFor('soporte')).statusCode).toBe(200);
    const granted = await call(admin, 'GET', `/v1/admin/people/${person.id}/`);
    expect(granted.json()).toMatchObject({ roles: ['remitter', 'operator'], operator_group: 'soporte' });
    expect((await approveFor('pagos')).statusCode).toBe(200);
    const moved = await call(admin, 'GET', `/v1/admin/people/${person.id}/`);
    expect(moved.json()).toMatchObject({ operator_group: 'pagos', pending_operator_group: null });
    // The person's own session is an operator's now.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/v1/admin/stores/',
          headers: { cookie: person.headers.cookie },
        })
      ).statusCode,
    ).toBe(200);
    const removed = await call(admin, 'PUT', url, { group: null });
    expect(removed.json()).toMatchObject({ roles: ['remitter'], operator_group: null });
    const audits = await auditRows('operator.group_changed', `user:${person.id}`);
    expect(audits[0]?.detail).toMatchObject({
      before: { operator_group: 'soporte' },
      after: { operator_group: 'pagos' },
      requested_by: admin.id,
    });

    for (const group of [null, 'pagos']) {
      const self = await call(admin, 'PUT', `/v1/admin/people/${admin.id}/operator/`, { group });
      expect(self.statusCode).toBe(409);
      expect(self.json()).toEqual({ detail: ADMIN_PEOPLE_MESSAGES.selfOperator });
    }
  });

  it('never lets two administrators take each other out at once: one stays', async () => {
    const [first, second] = [await createUser(t.app), await createUser(t.app)];
    await makeOperator(t.database, first.id, 'administracion');
    await makeOperator(t.database, second.id, 'administracion');
    const answers = await Promise.all([
      call(first, 'PUT', `/v1/admin/people/${second.id}/operator/`, { group: 'soporte' }),
      call(second, 'PUT', `/v1/admin/people/${first.id}/operator/`, { group: 'soporte' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    const groups = await queryRows<{ operator_group: string }>(
      t.database,
      sql`select operator_group from user_roles where user_id in (${first.id}, ${second.id}) order by operator_group`,
    );
    expect(groups.map((row) => row.operator_group)).toEqual(['administracion', 'soporte']);
  });

  it('grants and removes a store membership from the person page', async () => {
    const person = await createUser(t.app);
    const url = `/v1/admin/people/${person.id}/memberships/`;
    expect((await call(admin, 'POST', url, { store_id: 999999, role: 'staff' })).json()).toEqual({
      detail: ADMIN_PEOPLE_MESSAGES.storeNotFound,
    });
    const granted = await call(admin, 'POST', url, { store_id: store.id, role: 'staff' });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({
      roles: ['remitter', 'merchant'],
      memberships: [{ store_id: store.id, role: 'staff' }],
    });
    const promoted = await call(admin, 'POST', url, { store_id: store.id, role: 'owner' });
    expect(promoted.json()).toMatchObject({ memberships: [{ store_id: store.id, role: 'owner' }] });
    const [audit] = await auditRows('member.role_changed', `user:${person.id}`);
    expect(audit?.detail).toEqual({ before: { role: 'staff' }, after: { role: 'owner' } });
    const removed = await call(admin, 'DELETE', `${url}${store.id}/`);
    expect(removed.json()).toMatchObject({ roles: ['remitter'], memberships: [] });
  });

  it('locks an account: its sessions end, login is refused in Spanish, a password reset keeps the lock', async () => {
    const person = await createUser(t.app);
    const url = `/v1/admin/people/${person.id}/lock/`;
    const self = await call(admin, 'POST', `/v1/admin/people/${admin.id}/lock/`, { reason: 'Prueba' });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ detail: ADMIN_PEOPLE_MESSAGES.selfLock });
    expect((await call(admin, 'POST', url, {})).statusCode).toBe(400);
    expect((await call(soporte, 'POST', url, { reason: 'Fraude' })).statusCode).toBe(403);

    const whoami = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/v1/whoami/', headers: { cookie: person.headers.cookie } })
      ).json<{
        whoami: unknown;
      }>().whoami;
    expect(await whoami()).not.toBeNull();
    const reason = 'Tarjetas robadas.';
    const locked = await call(admin, 'POST', url, { reason });
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ locked: true, locked_reason: reason });
    expect(await whoami()).toBeNull();
    const [sessions] = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from sessions where user_id = ${person.id}`,
    );
    expect(sessions?.n).toBe(0);
    expect((await call(admin, 'POST', url, { reason })).json()).toEqual({
      detail: ADMIN_PEOPLE_MESSAGES.alreadyLocked,
    });

    const login = async (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/login/',
        headers: await visitorHeaders(t.app),
        payload: { username: person.email, password },
      });
    const refused = await login(person.password);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: [ADMIN_PEOPLE_MESSAGES.accountLocked] });
    // A wrong password still gets the ordinary answer: the lock is no hint to a guesser.
    expect((await login('no-es-la-clave-123')).json()).not.toEqual(refused.json());

    // A password reset changes the password and leaves the lock.
    const token = randomBytes(32).toString('base64url');
    await t.database.db.execute(
      sql`insert into password_reset_tokens (token_hash, user_id, expires_at)
        values (${createHash('sha256').update(token).digest('hex')}, ${person.id}, now() + interval '1 hour')`,
    );
    const reset = await t.app.inject({
      method: 'POST',
      url: '/v1/password-reset/confirm/',
      headers: await visitorHeaders(t.app),
      payload: { token, password: 'atardecer-en-pocitos' },
    });
    expect(reset.statusCode).toBeLessThan(300);
    expect((await login('atardecer-en-pocitos')).json()).toEqual(refused.json());

    const [audit] = await auditRows('account.locked', `user:${person.id}`);
    expect(audit?.detail).toMatchObject({ after: { locked: true, locked_reason: reason } });
    const unlocked = await call(admin, 'POST', `/v1/admin/people/${person.id}/unlock/`);
    expect(unlocked.json()).toMatchObject({ locked: false, locked_at: null, locked_reason: '' });
    expect((await login('atardecer-en-pocitos')).statusCode).toBe(200);
    expect((await call(admin, 'POST', `/v1/admin/people/${person.id}/unlock/`)).json()).toEqual({
      detail: ADMIN_PEOPLE_MESSAGES.notLocked,
    });
    expect(await auditRows('account.unlocked', `user:${person.id}`)).toHaveLength(1);
  });

  it('adjusts the wallet once per Idempotency-Key, never below zero, with its reason and author', async () => {
    const person = await createUser(t.app);
    const url = `/v1/admin/people/${person.id}/wallet/adjustments/`;
    const key = { 'idempotency-key': `ajuste-${randomBytes(6).toString('hex')}` };
    const body = { amount: '10,50', reason: 'Compensación por demora' };
    expect((await call(pagos, 'POST', url, body)).json()).toEqual({
      detail: ADMIN_PEOPLE_MESSAGES.idempotencyKeyRequired,
    });
    expect((await call(soporte, 'POST', url, body, key)).statusCode).toBe(403);
    const zero = await call(pagos, 'POST', url, { amount: '0', reason: 'x' }, key);
    expect(zero.statusCode).toBe(400);
    expect(zero.body).toContain(ADMIN_PEOPLE_MESSAGES.amountInvalid);

    const first = await call(pagos, 'POST', url, body, key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      balance: '10.50',
      entries: [{ kind: 'adjustment', amount: '10.50', note: body.reason, created_by: expect.any(String) }],
    });
    // A double click: the same key adjusts nothing more; the same key for something else is refused.
    const [again, raced] = await Promise.all([
      call(pagos, 'POST', url, body, key),
      call(pagos, 'POST', url, body, key),
    ]);
    expect(again.json()).toMatchObject({ balance: '10.50' });
    expect(raced.json()).toMatchObject({ balance: '10.50' });
    expect((await call(pagos, 'POST', url, { ...body, amount: '11' }, key)).json()).toEqual({
      detail: ADMIN_PEOPLE_MESSAGES.idempotencyKeyReused,
    });

    const short = await call(
      pagos,
      'POST',
      url,
      { amount: '-20', reason: 'Error' },
      { 'idempotency-key': 'otra-clave-1' },
    );
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({ detail: ADMIN_PEOPLE_MESSAGES.walletShort });
    const debit = await call(
      pagos,
      'POST',
      url,
      { amount: '-0.50', reason: 'Redondeo' },
      { 'idempotency-key': 'otra-clave-2' },
    );
    expect(debit.json()).toMatchObject({ balance: '10.00' });

    const ledger = await call(soporte, 'GET', `/v1/admin/people/${person.id}/wallet/`);
    expect(ledger.json<{ entries: unknown[] }>().entries).toHaveLength(2);
    const [row] = await queryRows<{ credit: string }>(
      t.database,
      sql`select credit from users where id = ${person.id}`,
    );
    expect(Number(row?.credit)).toBe(10);
    const audits = await auditRows('wallet.adjusted', `user:${person.id}`);
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ actor_user_id: pagos.id });
    expect(audits[0]?.detail).toMatchObject({
      before: { credit: '0.00' },
      after: { credit: '10.50' },
      amount: '10.50',
      reason: body.reason,
    });
  });

  it('never lets an operator adjust their own wallet (four eyes on credit they could spend)', async () => {
    const own = await call(
      pagos,
      'POST',
      `/v1/admin/people/${pagos.id}/wallet/adjustments/`,
      { amount: '500', reason: 'Para mí' },
      { 'idempotency-key': `propio-${randomBytes(6).toString('hex')}` },
    );
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ detail: ADMIN_PEOPLE_MESSAGES.selfWallet });
    const [row] = await queryRows<{ credit: string }>(
      t.database,
      sql`select credit from users where id = ${pagos.id}`,
    );
    expect(Number(row?.credit)).toBe(0);
    expect(await auditRows('wallet.adjusted', `user:${pagos.id}`)).toHaveLength(0);
  });
});
