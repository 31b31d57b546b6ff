import { Writable } from 'node:stream';
import { ACCOUNT_MESSAGES } from '@mandado/shared/account-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPayments } from '../src/modules/payments/payments-audit.service.ts';
import { createProduct, createStore } from './factories.ts';
import { fillCart, insertBeneficiary, orderBody, placeOrderRequest, rows } from './order-factories.ts';
import { registerUser, visitorHeaders } from './session-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Issue 32, Ley 18.331 art. 15: 'Eliminar mi cuenta' asks for the password, waits for open orders, and then
 * leaves the person's e-mail, names, phones and addresses nowhere in the database or the logs, while the
 * orders and payments stay and still add up.
 */

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    logLevel: 'debug',
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    }),
  });
});
afterAll(async () => {
  await t.close();
});

/** Every text or JSON column of every table holding any of `needles`, as 'table.column'; one query per column. */
async function cellsContaining(...needles: string[]): Promise<string[]> {
  const columns = await rows<{ table_name: string; column_name: string }>(
    t.database,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'jsonb', 'json', 'character varying')
        order by table_name, column_name`,
  );
  const patterns = needles.map((needle) => `%${needle}%`);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const [hit] = await rows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from ${sql.identifier(table)}
          where ${sql.identifier(column)}::text ilike any(array[${sql.join(
            patterns.map((pattern) => sql`${pattern}`),
            sql`, `,
          )}])`,
    );
    if ((hit?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describe('POST /v1/users/delete-account/', () => {
  it('waits for the open order, asks for the password, then forgets the person and keeps the accounts whole', async () => {
    const person = await registerUser(t.app, {
      first_name: 'Zuleika',
      last_name: 'Quebrachal',
      phone_number: '+34 612 34 56 78',
    });
    const [user] = await rows<{ id: number }>(
      t.database,
      sql`select id from users where email = ${person.email}`,
    );
    const userId = user?.id ?? 0;
    const store = await createStore(t.database);
    const product = await createProduct(t.database, store.id, { price: '10.00', currency: 'USD', stock: 5 });
    await fillCart(t.database, userId, [{ productId: product.id, quantity: 1 }]);
    const beneficiaryId = await insertBeneficiary(t.database, userId, {
      firstName: 'Rosalinda',
      lastName: 'Bentancurzo',
      addressLine1: 'Calle Guayabo 4321',
      mobile: '(099) 765432',
    });
    // An occasion's gift message names people too (decision 065).
    const body = {
      ...(await orderBody(t.app, person, { beneficiaryId })),
      gift_message: '¡Feliz cumpleaños! Te quiere Zuleika',
    };
    const placed = await placeOrderRequest(t.app, person, body);
    expect(placed.statusCode).toBe(201);
    const number = placed.json<{ order: { number: string } }>().order.number;
    expect(
      await rows(t.database, sql`select gift_message from order_groups where number = ${number}`),
    ).toEqual([{ gift_message: '¡Feliz cumpleaños! Te quiere Zuleika' }]);
    // A phone that gets the shopper's pushes (decision 073): its endpoint names the person here, so the scan
    // below finds it unless the deletion forgets the subscription.
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/v1/me/push/subscriptions/',
      headers: person.headers,
      payload: {
        endpoint: 'http://localhost:9/push/Quebrachal',
        keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
      },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(204);
    const remove = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/users/delete-account/',
        headers: person.headers,
        payload: { password },
      });

    // While the order is in course: refused, with its number, and nothing changes.
    const early = await remove(person.password);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: ACCOUNT_MESSAGES.deletionBlockedByOrder(number) });
    expect(await rows(t.database, sql`select id from users where email = ${person.email}`)).toHaveLength(1);

    // Delivered (as the courier would leave it, with who received it).
    await t.database.db.execute(
      sql`update store_orders set status = 'delivered', received_by = 'Rosalinda Bentancurzo'
          where group_id = (select id from order_groups where number = ${number})`,
    );
    const wrong = await remove('no-es-la-clave');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
    expect(await rows(t.database, sql`select id from users where email = ${person.email}`)).toHaveLength(1);

    const done = await remove(person.password);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: ACCOUNT_MESSAGES.accountDeleted });
    expect(String(done.headers['set-cookie'])).toMatch(/mandado_session=;/);

    // Nowhere in the database, nowhere in the logs.
    const needles = [
      person.email,
      'Zuleika',
      'Quebrachal',
      '612345678',
      '612 34 56 78',
      'Rosalinda',
      'Bentancurzo',
      'Guayabo',
      '765432',
    ];
    expect(await cellsContaining(...needles)).toEqual([]);
    for (const needle of needles) {
      expect(
        logLines.filter((line) => line.includes(needle)),
        needle,
      ).toEqual([]);
    }
    // The session is over, and the old e-mail and password open nothing.
    const whoami = await t.app.inject({ method: 'GET', url: '/v1/whoami/', headers: person.headers });
    expect(whoami.json<{ whoami: unknown }>().whoami).toBeNull();
    // A second try with the old cookie: its session and CSRF token are gone (403 before anything runs).
    expect((await remove(person.password)).statusCode).toBe(403);
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/login/',
      headers: await visitorHeaders(t.app),
      payload: { username: person.email, password: person.password },
    });
    expect(login.statusCode).toBe(400);
    // The order and its payment stay, under the pseudonym, and the payments still add up.
    const [kept] = await rows<{ total: string; payment_status: string }>(
      t.database,
      sql`select total::text, payment_status from order_groups where number = ${number}`,
    );
    expect(kept).toEqual({ total: expect.any(String), payment_status: 'paid' });
    expect(await auditPayments(t.database.db)).toEqual([]);
  });
});
