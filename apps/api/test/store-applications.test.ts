import { MESSAGES } from '@mandado/shared/messages';
import { rutCheckDigit } from '@mandado/shared/rut';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cityId, createUser, makeOperator, type TestUser } from './factories.ts';
import { uniqueEmail, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Issue 18, 'Vende en Mandado': a store applies; operators are e-mailed, the applicant acknowledged; an
// operator approves it through the API, which creates the store (not yet visible) and invites its owner.
let t: TestApp;
let operator: TestUser;
let montevideo: number;
let rutSequence = 100_000;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: { storeApplicationPerIp: { max: 1000, windowSeconds: 3600 } } });
  Object.assign(t.app, { kickMailWorker: () => undefined });
  operator = await createUser(t.app);
  await makeOperator(t.database, operator.id);
  montevideo = await cityId(t.database);
});
afterAll(() => t.close());

/** A valid RUT of department 21 with a fresh sequence (its check digit by the DGI's rule, shared/rut.ts). */
function freshRut(): string {
  for (;;) {
    rutSequence += 1;
    const first11 = `21${String(rutSequence).padStart(6, '0')}001`;
    const check = rutCheckDigit(first11);
    if (check !== null) return `${first11}${check}`;
  }
}

function application(overrides: Record<string, unknown> = {}) {
  return {
    store_name: `Óptica del Cordón ${rutSequence}`,
    kind: 'optical_shop',
    address_line1: 'Av. 18 de Julio 1900',
    city_id: montevideo,
    latitude: -34.9011,
    longitude: -56.1771,
    contact_name: 'Marta Silva',
    email: uniqueEmail('optica'),
    phone: '099 123 456',
    rut: freshRut(),
    ...overrides,
  };
}

async function apply(body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/store-applications/',
    headers: await visitorHeaders(t.app),
    payload: body as object,
  });
}

describe("'Vende en Mandado'", () => {
  it('stores the application, e-mails the operators and acknowledges the applicant', async () => {
    const body = application();
    const answer = await apply(body);
    expect(answer.statusCode).toBe(201);
    expect(answer.json<{ detail: string }>().detail).toBe(SERVER_MESSAGES.applicationReceived);
    const mails = await queryRows<{ to_address: string; subject: string }>(
      t.database,
      sql`select to_address, subject from email_outbox where subject like ${`%${body.store_name}%`} order by id`,
    );
    expect(mails).toEqual([
      { to_address: operator.email, subject: `Nueva solicitud de tienda: ${body.store_name}` },
      { to_address: body.email, subject: `Recibimos la solicitud de ${body.store_name}` },
    ]);
    const [row] = await queryRows<{ phone_e164: string; status: string }>(
      t.database,
      sql`select phone_e164, status from store_applications where rut = ${body.rut}`,
    );
    expect(row).toEqual({ phone_e164: '+59899123456', status: 'pending' });
    // One pending application per RUT.
    const again = await apply({ ...body, email: uniqueEmail('otra') });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a wrong RUT check digit, a phone, a missing pin, in Spanish per field', async () => {
    const good = application();
    const wrongDigit = `${good.rut.slice(0, 11)}${(Number(good.rut[11]) + 1) % 10}`;
    const answer = await apply({ ...good, rut: wrongDigit, phone: '12', latitude: 0 });
    expect(answer.statusCode).toBe(400);
    const body = answer.json<Record<string, string[]>>();
    expect(body.rut).toEqual([MESSAGES.invalidRut]);
    expect(body.phone).toEqual([MESSAGES.invalidPhone]);
    expect(body.latitude).toEqual([MESSAGES.mapPinRequired]);
  });

  it('is approved by an operator: a store not yet shown, its applicant invited as owner, only once', async () => {
    const body = application();
    const { id } = (await apply(body)).json<{ id: number }>();

    const remitter = await createUser(t.app);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/store-applications/${id}/approve/`,
      headers: remitter.headers,
    });
    expect(refused.statusCode).toBe(403);

    const approved = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/store-applications/${id}/approve/`,
      headers: operator.headers,
    });
    expect(approved.statusCode).toBe(200);
    const storeId = approved.json<{ store_id: number }>().store_id;
    const [store] = await queryRows<{ name: string; status: string; rif: string }>(
      t.database,
      sql`select name, status, rif from stores where id = ${storeId}`,
    );
    expect(store).toEqual({ name: body.store_name, status: 'pending', rif: body.rut });
    const stores = await t.app.inject({ method: 'GET', url: '/v1/stores/city/Montevideo' });
    expect(stores.json<Array<{ id: number }>>().some((shown) => shown.id === storeId)).toBe(false);

    const [invitation] = await queryRows<{ text_body: string }>(
      t.database,
      sql`select text_body from email_outbox where to_address = ${body.email} and subject like '%te invitó%'`,
    );
    const token = /\/comercio\/invitacion\/([A-Za-z0-9_-]{43})/.exec(invitation?.text_body ?? '')?.[1] ?? '';
    const applicant = await createUser(t.app, { email: body.email });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/v1/store-invitations/${token}/accept/`,
      headers: applicant.headers,
    });
    expect(accepted.statusCode).toBe(200);
    const own = await t.app.inject({
      method: 'GET',
      url: '/v1/merchant/stores/',
      headers: applicant.headers,
    });
    expect(own.json<{ results: Array<{ id: number; member_role: string }> }>().results).toEqual([
      expect.objectContaining({ id: storeId, member_role: 'owner' }),
    ]);

    const twice = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/store-applications/${id}/approve/`,
      headers: operator.headers,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ detail: string }>().detail).toBe(SERVER_MESSAGES.applicationNotPending);
  });
});
