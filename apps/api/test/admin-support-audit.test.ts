import { ADMIN_AUDIT_MESSAGES, type AuditPage } from '@mandado/shared/admin-audit.schemas';
import type { Dashboard } from '@mandado/shared/admin-dashboard.schemas';
import { ADMIN_SUPPORT_MESSAGES } from '@mandado/shared/admin-support.schemas';
import type { OperatorGroup } from '@mandado/shared/permissions';
import type { AdminCityRequestList, AdminContactMessageList } from '@mandado/shared/support-inbox.schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds } from '../src/db/schema/fulfilment.ts';
import { orderGroups } from '../src/db/schema/orders.ts';
import { settings } from '../src/db/schema/settings.ts';
import { auditEvents } from '../src/db/schema/staff.ts';
import { createProduct, createStore, createUser, makeOperator, type TestUser } from './factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { type SessionHeaders, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

/**
 * Issue 19: the support inbox (filters, cursor, assign, handled, answers by e-mail), the audit trail
 * (filters and cursor) and the dashboard's figures on a known set of orders.
 */
const SUPPORT = 'soporte.respuestas@mandado.test';
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
const operators = new Map<OperatorGroup, TestUser>();
let remitter: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .insert(settings)
    .values({ key: 'support_email', value: SUPPORT })
    .onConflictDoUpdate({ target: settings.key, set: { value: SUPPORT } });
  for (const group of ['administracion', 'pagos', 'soporte'] as const) {
    const user = await createUser(t.app);
    await makeOperator(t.database, user.id, group);
    operators.set(group, user);
  }
  remitter = await createUser(t.app);
});
afterAll(() => t.close());

function operator(group: OperatorGroup): TestUser {
  const user = operators.get(group);
  if (!user) throw new Error(`no ${group} operator`);
  return user;
}

function get(url: string, headers: SessionHeaders) {
  return t.app.inject({ method: 'GET', url, headers });
}

function post(url: string, payload: unknown, headers: SessionHeaders) {
  return t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
}

function tag(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** A visitor writes through the help area, as the shop does; the message's id from the inbox. */
async function contactMessage(subject: string): Promise<number> {
  const visitor = await visitorHeaders(t.app);
  const sent = await post(
    '/v1/contact-us-email/',
    {
      name: 'Lucía Fernández',
      email: 'lucia.fernandez@correo.com',
      phone: '+598 91 234 567',
      subject,
      comments: '¿Entregan en Punta del Este?\nGracias.',
    },
    visitor,
  );
  expect(sent.statusCode).toBe(201);
  const list = await get('/v1/admin/contact-messages/?handled=false', operator('soporte').headers);
  const found = list.json<AdminContactMessageList>().results.find((item) => item.subject === subject);
  if (!found) throw new Error('the message is not in the inbox');
  return found.id;
}

async function contactList(query: string, headers = operator('soporte').headers) {
  const response = await get(`/v1/admin/contact-messages/${query}`, headers);
  expect(response.statusCode).toBe(200);
  return response.json<AdminContactMessageList>().results;
}

describe('the support inbox', () => {
  it('assigns a message to an operator, filters by assignee, and refuses anyone else in Spanish', async () => {
    const subject = `Asignar ${tag()}`;
    const id = await contactMessage(subject);
    const soporte = operator('soporte');
    const url = `/v1/admin/support/contact-messages/${id}/assign/`;

    expect((await contactList('?assigned=nobody')).some((item) => item.id === id)).toBe(true);
    expect((await contactList('?assigned=me')).some((item) => item.id === id)).toBe(false);

    const assigned = await post(url, { user_id: soporte.id }, soporte.headers);
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toEqual({ detail: ADMIN_SUPPORT_MESSAGES.assigned });
    const mine = await contactList('?assigned=me');
    expect(mine.find((item) => item.id === id)?.assigned_to).toEqual({
      user_id: soporte.id,
      name: expect.any(String),
      email: soporte.email,
    });
    expect((await contactList('?assigned=nobody')).some((item) => item.id === id)).toBe(false);
    // Someone else's "me" is not this one.
    expect(
      (await contactList('?assigned=me', operator('administracion').headers)).some((item) => item.id === id),
    ).toBe(false);

    // Only operators can be assigned; the message must exist; the kind must be one of the three.
    const notOperator = await post(url, { user_id: remitter.id }, soporte.headers);
    expect(notOperator.statusCode).toBe(400);
    expect(JSON.stringify(notOperator.json())).toContain(ADMIN_SUPPORT_MESSAGES.notAnOperator);
    const missing = await post(
      '/v1/admin/support/contact-messages/999999/assign/',
      { user_id: null },
      soporte.headers,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: ADMIN_SUPPORT_MESSAGES.notFound });
    const badKind = await post(`/v1/admin/support/quejas/${id}/assign/`, { user_id: null }, soporte.headers);
    expect(badKind.statusCode).toBe(404);
    expect(badKind.json()).toEqual({ detail: 'No encontrado.' });
    // The pagos group reads the inbox but does not handle it.
    const refused = await post(url, { user_id: null }, operator('pagos').headers);
    expect(refused.statusCode).toBe(403);

    const unassigned = await post(url, { user_id: null }, soporte.headers);
    expect(unassigned.json()).toEqual({ detail: ADMIN_SUPPORT_MESSAGES.unassigned });
    const audit = await queryRows<{ action: string; detail: Record<string, unknown> }>(
      t.database,
      sql`select action, detail from audit_events where subject = ${`contact_message:${id}`} order by id`,
    );
    expect(audit).toEqual([
      {
        action: 'support.assigned',
        detail: { before: { assigned_to: null }, after: { assigned_to: soporte.id } },
      },
      {
        action: 'support.assigned',
        detail: { before: { assigned_to: soporte.id }, after: { assigned_to: null } },
      },
    ]);
  });

  it('answers the writer by e-mail, Reply-To the support address, and marks the message handled', async () => {
    const subject = `Responder ${tag()}`;
    const id = await contactMessage(subject);
    const soporte = operator('soporte');
    const url = `/v1/admin/support/contact-messages/${id}/replies/`;

    const empty = await post(url, { body: '   ' }, soporte.headers);
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(ADMIN_SUPPORT_MESSAGES.replyRequired);

    const answered = await post(url, { body: 'Sí, entregamos en Punta del Este.' }, soporte.headers);
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ detail: ADMIN_SUPPORT_MESSAGES.replied });

    const [mail] = await queryRows<{
      to_address: string;
      reply_to: string;
      kind: string;
      subject: string;
      text_body: string;
    }>(
      t.database,
      sql`select to_address, reply_to, kind, subject, text_body from email_outbox
          where kind = 'support.reply' and subject = ${`Re: ${subject}`}`,
    );
    expect(mail).toMatchObject({
      to_address: 'lucia.fernandez@correo.com',
      reply_to: SUPPORT,
      kind: 'support.reply',
    });
    expect(mail?.text_body).toContain('Hola, Lucía Fernández:');
    expect(mail?.text_body).toContain('Sí, entregamos en Punta del Este.');
    expect(mail?.text_body).toContain('> ¿Entregan en Punta del Este?');

    // It left 'Sin resolver', and shows the answer and who closed it.
    expect((await contactList('?handled=false')).some((item) => item.id === id)).toBe(false);
    const handled = (await contactList('?handled=true')).find((item) => item.id === id);
    expect(handled?.handled).toEqual(expect.any(String));
    expect(handled?.handled_by?.user_id).toBe(soporte.id);
    expect(handled?.replies).toEqual([
      {
        id: expect.any(Number),
        body: 'Sí, entregamos en Punta del Este.',
        author: { user_id: soporte.id, name: expect.any(String), email: soporte.email },
        created: expect.any(String),
      },
    ]);
    const stored = await queryRows<{ kind: string; author_user_id: number }>(
      t.database,
      sql`select kind, author_user_id from support_replies where message_id = ${id} and kind = 'contact'`,
    );
    expect(stored).toEqual([{ kind: 'contact', author_user_id: soporte.id }]);
  });

  it('marks handled and open again, once each, with the audit rows', async () => {
    const id = await contactMessage(`Resolver ${tag()}`);
    const admin = operator('administracion');
    const url = `/v1/admin/support/contact-messages/${id}/handled/`;
    const bad = await post(url, { handled: 'sí' }, admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(ADMIN_SUPPORT_MESSAGES.handledRequired);

    expect((await post(url, { handled: true }, admin.headers)).json()).toEqual({
      detail: ADMIN_SUPPORT_MESSAGES.handled,
    });
    expect((await post(url, { handled: true }, admin.headers)).statusCode).toBe(200);
    expect((await contactList('?handled=false')).some((item) => item.id === id)).toBe(false);
    expect((await post(url, { handled: false }, admin.headers)).json()).toEqual({
      detail: ADMIN_SUPPORT_MESSAGES.reopened,
    });
    const reopened = (await contactList('?handled=false')).find((item) => item.id === id);
    expect(reopened).toMatchObject({ handled: null, handled_by: null });
    const audit = await queryRows<{ action: string }>(
      t.database,
      sql`select action from audit_events where subject = ${`contact_message:${id}`} order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['support.handled', 'support.reopened']);
  });

  it('pages city requests with a cursor, in one query a page, and answers them too', async () => {
    await t.database.db.execute(
      sql`insert into city_requests (city, email, created_at)
          select 'Pueblo ' || n, 'vecina' || n || '@correo.com', now() - interval '1 day'
          from generate_series(1, 105) as n`,
    );
    const headers = operator('soporte').headers;
    const before = t.queries.length;
    const first = await get('/v1/admin/city-requests/', headers);
    expect(t.queries.slice(before).filter((query) => query.includes('"city_requests"'))).toHaveLength(1);
    const page1 = first.json<AdminCityRequestList>();
    expect(page1.results).toHaveLength(100);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const second = await get(`/v1/admin/city-requests/?cursor=${page1.next_cursor}`, headers);
    const page2 = second.json<AdminCityRequestList>();
    const ids = [...page1.results, ...page2.results].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(105);
    expect(page2.next_cursor).toBeNull();

    const bad = await get('/v1/admin/city-requests/?cursor=otra-cosa', headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: ADMIN_SUPPORT_MESSAGES.badCursor });

    const city = page1.results[0];
    if (!city) throw new Error('no city request');
    const answered = await post(
      `/v1/admin/support/city-requests/${city.id}/replies/`,
      { body: 'Todavía no llegamos, te avisamos.' },
      headers,
    );
    expect(answered.statusCode).toBe(200);
    const [mail] = await queryRows<{ to_address: string; reply_to: string; subject: string }>(
      t.database,
      sql`select to_address, reply_to, subject from email_outbox where kind = 'support.reply' and to_address = ${city.email}`,
    );
    expect(mail).toEqual({ to_address: city.email, reply_to: SUPPORT, subject: `Mandado en ${city.city}` });
  });
});

describe('the audit trail', () => {
  it('lists every action newest first with the actor, filtered by actor, action, subject, store and days', async () => {
    const admin = operator('administracion');
    const id = await contactMessage(`Auditoría ${tag()}`);
    await post(`/v1/admin/support/contact-messages/${id}/handled/`, { handled: true }, admin.headers);
    const store = await createStore(t.database);
    await t.database.db.insert(auditEvents).values([
      {
        actorUserId: admin.id,
        actorRole: 'operator',
        storeId: store.id,
        action: 'store.suspended',
        subject: `store:${store.id}`,
        detail: { before: { status: 'approved' }, after: { status: 'suspended' } },
        at: new Date('2026-01-10T15:00:00Z'),
      },
      {
        actorUserId: admin.id,
        actorRole: 'operator',
        storeId: null,
        action: 'store_x.other',
        subject: 'otro:1',
        detail: {},
        at: new Date('2026-01-11T15:00:00Z'),
      },
    ]);

    const byEmail = await get(
      `/v1/admin/audit/?actor=${encodeURIComponent(admin.email.toUpperCase())}`,
      admin.headers,
    );
    expect(byEmail.statusCode).toBe(200);
    const rows = byEmail.json<AuditPage>().results;
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      actor: { user_id: admin.id, name: expect.any(String), email: admin.email },
      actor_role: 'operator',
      operator_group: 'administracion',
      store: null,
      action: 'support.handled',
      subject: `contact_message:${id}`,
      detail: {
        before: { handled: false, handled_by: null },
        after: { handled: true, handled_by: admin.id },
      },
    });
    const ats = rows.map((row) => Date.parse(row.at));
    expect(ats).toEqual([...ats].sort((a, b) => b - a));

    const byId = await get(`/v1/admin/audit/?actor=${admin.id}&subject=contact_message:${id}`, admin.headers);
    expect(byId.json<AuditPage>().results.map((row) => row.action)).toEqual(['support.handled']);

    // 'store.' is a prefix of actions, literally: 'store_x.other' does not match it (no LIKE wildcard).
    const byAction = await get('/v1/admin/audit/?action=store.', admin.headers);
    const actions = byAction.json<AuditPage>().results.map((row) => row.action);
    expect(actions).toContain('store.suspended');
    expect(actions).not.toContain('store_x.other');

    const byStore = await get(`/v1/admin/audit/?store_id=${store.id}`, admin.headers);
    expect(byStore.json<AuditPage>().results).toEqual([
      expect.objectContaining({ action: 'store.suspended', store: { id: store.id, name: store.name } }),
    ]);

    // Montevideo days: 2026-01-10 holds the first row only.
    const byDay = await get(
      `/v1/admin/audit/?actor=${admin.id}&from=2026-01-10&to=2026-01-10`,
      admin.headers,
    );
    expect(byDay.json<AuditPage>().results.map((row) => row.action)).toEqual(['store.suspended']);
  });

  it('pages with a keyset cursor, rows of one instant included, and refuses bad filters in Spanish', async () => {
    const soporte = operator('soporte');
    const prefix = `prueba.${tag()}.`;
    // One statement: every row has the same instant, so only the id orders them.
    await t.database.db.execute(
      sql`insert into audit_events (actor_user_id, actor_role, action, subject, detail)
          select ${soporte.id}, 'operator', ${prefix} || n, 'prueba:' || n, '{}'::jsonb from generate_series(1, 60) as n`,
    );
    const first = (await get(`/v1/admin/audit/?action=${prefix}`, soporte.headers)).json<AuditPage>();
    expect(first.results).toHaveLength(50);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (
      await get(`/v1/admin/audit/?action=${prefix}&cursor=${first.next_cursor}`, soporte.headers)
    ).json<AuditPage>();
    expect(second.results).toHaveLength(10);
    expect(second.next_cursor).toBeNull();
    const ids = [...first.results, ...second.results].map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(60);

    for (const [query, message] of [
      ['actor=alguien', ADMIN_AUDIT_MESSAGES.badActor],
      ['from=ayer', ADMIN_AUDIT_MESSAGES.badDay],
      ['from=2026-02-10&to=2026-02-01', ADMIN_AUDIT_MESSAGES.badRange],
      ['cursor=xyz', ADMIN_AUDIT_MESSAGES.badCursor],
    ] as const) {
      const refused = await get(`/v1/admin/audit/?${query}`, soporte.headers);
      expect(refused.statusCode, query).toBe(400);
      expect(JSON.stringify(refused.json()), query).toContain(message);
    }
    const visitor = await visitorHeaders(t.app);
    expect((await get('/v1/admin/audit/', visitor)).statusCode).toBe(401);
    expect((await get('/v1/admin/audit/', remitter.headers)).statusCode).toBe(403);
  });
});

describe('the dashboard', () => {
  async function dashboard(range: string): Promise<Dashboard> {
    const response = await get(`/v1/admin/dashboard/?range=${range}`, operator('pagos').headers);
    expect(response.statusCode).toBe(200);
    return response.json<Dashboard>();
  }

  it('adds up a known set of orders for today, 7 and 30 days, in three queries', async () => {
    const before = {
      today: await dashboard('today'),
      week: await dashboard('7d'),
      month: await dashboard('30d'),
    };
    const store = await createStore(t.database);
    const product = await createProduct(t.database, store.id, { price: '10.00', currency: 'USD' });
    const shopper = await createUser(t.app);
    const now = Date.now();
    const line = (total: string) => ({ productId: product.id, total });

    async function order(options: {
      total: string[];
      daysAgo: number;
      payment: 'paid' | 'pending';
      status?: 'approved' | 'delivered';
    }) {
      const at = new Date(now - options.daysAgo * DAY_MS);
      const placed = await insertPlacedOrder(t.database, {
        remitterId: shopper.id,
        stores: [{ storeId: store.id, status: options.status ?? 'approved', lines: options.total.map(line) }],
        // A transfer waits for its money confirmed (its stock held), as checkout leaves it.
        status: 'confirmed',
        paymentStatus: options.payment,
        paymentMethod: options.payment === 'paid' ? 'card' : 'bank_transfer',
        createdAt: at,
      });
      if (options.payment === 'paid') {
        await t.database.db.update(orderGroups).set({ paidAt: at }).where(eq(orderGroups.id, placed.groupId));
      }
      return placed;
    }

    await order({ total: ['10.00', '20.00'], daysAgo: 0, payment: 'paid' });
    await order({ total: ['15.00'], daysAgo: 0, payment: 'pending' });
    const refunded = await order({ total: ['25.00'], daysAgo: 0, payment: 'paid' });
    await order({ total: ['12.00'], daysAgo: 3, payment: 'paid', status: 'delivered' });
    // Paid 8 days ago and still not delivered: late, whatever the range.
    await order({ total: ['30.00'], daysAgo: 8, payment: 'paid' });
    const storeOrder = refunded.storeOrders[0];
    if (!storeOrder) throw new Error('no store order');
    await t.database.db.insert(refunds).values({
      groupId: refunded.groupId,
      storeOrderId: storeOrder.id,
      amount: '5.00',
      reason: 'operator',
      destination: 'wallet',
      status: 'succeeded',
      actorRole: 'operator',
    });

    const start = t.queries.length;
    const today = await dashboard('today');
    const figures = t.queries.slice(start).filter((query) => /"(order_groups|refunds)"/.test(query));
    expect(figures).toHaveLength(3);

    const cents = (value: string) => Math.round(Number(value) * 100);
    const delta = (after: Dashboard, earlier: Dashboard) => ({
      orders: after.orders - earlier.orders,
      paid: after.paid.count - earlier.paid.count,
      paidTotal: cents(after.paid.total) - cents(earlier.paid.total),
      pending: after.pending.count - earlier.pending.count,
      pendingTotal: cents(after.pending.total) - cents(earlier.pending.total),
      sales: cents(after.sales) - cents(earlier.sales),
      refunds: after.refunds.count - earlier.refunds.count,
      refundsTotal: cents(after.refunds.total) - cents(earlier.refunds.total),
      late: after.late_store_orders - earlier.late_store_orders,
    });
    expect(delta(today, before.today)).toEqual({
      orders: 3,
      paid: 2,
      paidTotal: 5500,
      pending: 1,
      pendingTotal: 1500,
      sales: 5500,
      refunds: 1,
      refundsTotal: 500,
      late: 1,
    });
    const week = await dashboard('7d');
    expect(delta(week, before.week)).toMatchObject({ orders: 4, paid: 3, sales: 6700, pending: 1, late: 1 });
    const month = await dashboard('30d');
    expect(delta(month, before.month)).toMatchObject({ orders: 5, paid: 4, sales: 9700, refunds: 1 });

    for (const figures of [today, week, month]) {
      expect(cents(figures.average_basket)).toBe(
        figures.paid.count === 0 ? 0 : Math.round(cents(figures.sales) / figures.paid.count),
      );
      const sum = figures.series.reduce((total, day) => total + cents(day.sales), 0);
      expect(sum).toBe(cents(figures.sales));
      expect(figures.series.at(-1)?.day).toBe(figures.to);
      expect(figures.series[0]?.day).toBe(figures.from);
    }
    expect(today.series).toHaveLength(1);
    expect(week.series).toHaveLength(7);
    expect(month.series).toHaveLength(30);
  });

  it('refuses an unknown range in Spanish, visitors and remitters', async () => {
    const bad = await get('/v1/admin/dashboard/?range=siempre', operator('soporte').headers);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Valor inválido.');
    expect((await get('/v1/admin/dashboard/', remitter.headers)).statusCode).toBe(403);
  });
});
