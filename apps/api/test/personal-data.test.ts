import { CONSENT_MESSAGES, PRIVACY_POLICY_VERSION, TERMS_VERSION } from '@mandado/shared/legal-versions';
import type { PersonalDataExport } from '@mandado/shared/personal-data.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody, placeOrderRequest, prepareCheckout } from './order-factories.ts';
import { registerUser } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

/** Issue 32, Ley 18.331 art. 14: 'Descargar mis datos' gives a remitter all of their own data, and only theirs. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /v1/users/my-data/ and /v1/users/my-data.csv', () => {
  it('gives the account, beneficiaries, orders with their lines, credit and e-mails, as JSON and CSV, uncached', async () => {
    const fixture = await prepareCheckout(t.database, { price: '12.50', quantity: 2 });
    const placed = await placeOrderRequest(
      t.app,
      fixture.user,
      await orderBody(t.app, fixture.user, { beneficiaryId: fixture.beneficiaryId }),
    );
    expect(placed.statusCode).toBe(201);
    const number = placed.json<{ order: { number: string } }>().order.number;

    const json = await t.app.inject({
      method: 'GET',
      url: '/v1/users/my-data/',
      headers: fixture.user.headers,
    });
    expect(json.statusCode).toBe(200);
    expect(json.headers['cache-control']).toBe('no-store');
    expect(json.headers['content-disposition']).toMatch(
      /^attachment; filename="mis-datos-mandado-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = json.json<PersonalDataExport>();
    expect(data.account.email).toBe(fixture.user.email);
    expect(data.beneficiaries.map((beneficiary) => beneficiary.beneficiary_id)).toEqual([
      fixture.beneficiaryId,
    ]);
    expect(data.orders.map((order) => order.number)).toEqual([number]);
    expect(data.orders[0]?.stores[0]?.lines[0]).toMatchObject({ quantity: 2 });
    expect(data.wallet).toEqual({ balance: '0.00', entries: [] });
    expect(data.messages.emails.length).toBeGreaterThan(0);
    expect(data.messages.emails.every((email) => typeof email.subject === 'string')).toBe(true);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/v1/users/my-data.csv',
      headers: fixture.user.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['cache-control']).toBe('no-store');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\n');
    expect(lines[0]).toBe('sección;registro;campo;valor');
    expect(lines).toContain(`cuenta;1;email;${fixture.user.email}`);
    expect(lines).toContain(`pedidos;1;number;${number}`);
    expect(lines).toContain(`beneficiarios;1;beneficiary_id;${fixture.beneficiaryId}`);
  });

  it('lists the consents given at registration, and nothing of another account', async () => {
    const other = await prepareCheckout(t.database);
    const person = await registerUser(t.app);
    const answer = await t.app.inject({ method: 'GET', url: '/v1/users/my-data/', headers: person.headers });
    expect(answer.statusCode).toBe(200);
    const data = answer.json<PersonalDataExport>();
    expect(
      data.consents
        .map(({ kind, version }) => ({ kind, version }))
        .sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual([
      { kind: 'privacy_policy', version: PRIVACY_POLICY_VERSION },
      { kind: 'terms', version: PRIVACY_POLICY_VERSION },
    ]);
    expect(data.orders).toEqual([]);
    expect(data.beneficiaries).toEqual([]);
    expect(answer.body).not.toContain(other.user.email);
    expect(answer.body).not.toContain(other.beneficiaryId);
  });

  it('answers a visitor 401 in Spanish, reading nothing', async () => {
    for (const url of ['/v1/users/my-data/', '/v1/users/my-data.csv']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(401);
      expect(answer.json<{ detail: string }>().detail).toMatch(/sesión/i);
    }
  });
});

// Decision 078: accounts without the current policy versions (from before consent was recorded, or after a new
// version) are asked once; 'Acepto' records each document with its version and time.
describe('consent to the current policy versions', () => {
  it('asks an account with no consent, records the acceptance once, and refuses a version it was not shown', async () => {
    const person = await registerUser(t.app);
    const url = '/v1/users/consent/';
    const fresh = await t.app.inject({ method: 'GET', url, headers: person.headers });
    expect(fresh.statusCode).toBe(200);
    // Registration recorded both: nothing to ask.
    expect(fresh.json()).toMatchObject({
      pending: false,
      privacy_policy: { accepted_version: PRIVACY_POLICY_VERSION },
    });

    // As an account from before consent was recorded.
    await t.database.db.execute(
      sql`delete from consents where user_id = (select id from users where email = ${person.email})`,
    );
    const asked = await t.app.inject({ method: 'GET', url, headers: person.headers });
    expect(asked.json()).toMatchObject({ pending: true, privacy_policy: { accepted_version: null } });

    const stale = await t.app.inject({
      method: 'POST',
      url,
      headers: person.headers,
      payload: { privacy_policy_version: '2020-01-01', terms_version: TERMS_VERSION },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toBe(CONSENT_MESSAGES.versionChanged);

    const body = { privacy_policy_version: PRIVACY_POLICY_VERSION, terms_version: TERMS_VERSION };
    const accepted = await t.app.inject({ method: 'POST', url, headers: person.headers, payload: body });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ pending: false });
    await t.app.inject({ method: 'POST', url, headers: person.headers, payload: body });
    const rows = await queryRows<{ kind: string; version: string }>(
      t.database,
      sql`select kind, version from consents where user_id = (select id from users where email = ${person.email}) order by kind`,
    );
    expect(rows).toEqual([
      { kind: 'privacy_policy', version: PRIVACY_POLICY_VERSION },
      { kind: 'terms', version: TERMS_VERSION },
    ]);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
