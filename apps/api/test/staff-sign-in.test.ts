import { ADMIN_PEOPLE_MESSAGES } from '@mandado/shared/admin-people.schemas';
import { SECOND_FACTOR_MESSAGES } from '@mandado/shared/second-factor.schemas';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../src/modules/second-factor/totp.ts';
import { createUser, makeOperator, type TestUser } from './factories.ts';
import { logIn, TEST_PASSWORD, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

/**
 * Issue 27, staff sign-in (decision 053): failed logins throttled per account whatever the address, with
 * one e-mail when the lock starts; four eyes on operator groups; a TOTP second factor with recovery codes.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(t.app, { kickMailWorker: () => undefined });
});
afterAll(() => t.close());

/** A login from `ip`, each from its own visitor (the CSRF cookie is per visitor, not per address). */
async function logInFrom(ip: string, username: string, password: string) {
  const visitor = await visitorHeaders(t.app);
  return t.app.inject({
    method: 'POST',
    url: '/v1/login/',
    remoteAddress: ip,
    headers: visitor,
    payload: { username, password },
  });
}

/** Moves the account's last failure back in time, as if the back-off or the lock had passed. */
async function age(userId: number, seconds: number) {
  await queryRows(
    t.database,
    sql`update login_throttles set last_failed_at = last_failed_at - ${seconds}::int * interval '1 second',
      locked_until = locked_until - ${seconds}::int * interval '1 second' where user_id = ${userId}`,
  );
}

describe('failed logins per account, whatever the address', () => {
  it('backs off after 5 failures from 5 addresses, locks at 10, e-mails the owner once; a success resets', async () => {
    const user = await createUser(t.app);
    const address = (n: number) => `198.51.100.${n}`;
    for (let n = 1; n <= 5; n += 1) {
      expect((await logInFrom(address(n), user.email, 'no-es-esta-clave')).statusCode).toBe(400);
    }
    // The 6th try, from a 6th address, waits: even with the right password, which is not checked.
    const waiting = await logInFrom(address(6), user.email, TEST_PASSWORD);
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(25);
    expect(waiting.json()).toEqual({ detail: SERVER_MESSAGES.loginThrottled(30, false) });

    for (let n = 6; n <= 10; n += 1) {
      await age(user.id, 30 * 2 ** (n - 6) + 1);
      expect((await logInFrom(address(n), user.email, 'otra-clave-mala')).statusCode).toBe(400);
    }
    const locked = await logInFrom(address(11), user.email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(locked.json()).toEqual({ detail: SERVER_MESSAGES.loginThrottled(15 * 60, true) });
    const mails = await queryRows<{ subject: string; text_body: string }>(
      t.database,
      sql`select subject, text_body from email_outbox where to_address = ${user.email} and kind = 'account.login_locked'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toContain('Hubo 10 intentos fallidos');

    // When the lock has passed one more failure locks again at once, without another e-mail.
    await age(user.id, 16 * 60);
    expect((await logInFrom(address(12), user.email, 'sigue-mal')).statusCode).toBe(400);
    expect((await logInFrom(address(13), user.email, TEST_PASSWORD)).statusCode).toBe(429);
    await age(user.id, 16 * 60);
    expect((await logInFrom(address(14), user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const [mailCount] = await queryRows<{ count: number }>(
      t.database,
      sql`select count(*)::int as count from email_outbox where to_address = ${user.email} and kind = 'account.login_locked'`,
    );
    expect(mailCount?.count).toBe(1);
    // The success forgot the series: five fresh failures are free again.
    for (let n = 15; n <= 19; n += 1) {
      expect((await logInFrom(address(n), user.email, 'de-nuevo-mal')).statusCode).toBe(400);
    }
  });

  it('counts parallel guesses one by one: 12 at once let at most 5 reach the password check', async () => {
    const user = await createUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => logInFrom(`203.0.113.${n + 1}`, user.email, `mala-${n}`)),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 400)).toHaveLength(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(7);
  });
});

describe('four eyes on people: granting an operator group', () => {
  type Grants = { results: Array<{ id: number; user_id: number; group: string; can_approve: boolean }> };
  const as = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  it('waits for a second administrator: not the one who asked, not the grantee; audited; rejection too', async () => {
    const [first, second, grantee] = [
      await createUser(t.app),
      await createUser(t.app),
      await createUser(t.app),
    ];
    await makeOperator(t.database, first.id, 'administracion');
    await makeOperator(t.database, second.id, 'administracion');
    const url = `/v1/admin/people/${grantee.id}/operator/`;
    const asked = await as(first, 'PUT', url, { group: 'pagos' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ operator_group: null, pending_operator_group: 'pagos' });
    // The grantee's session holds no operator power yet.
    expect((await as(grantee, 'GET', '/v1/admin/people/')).statusCode).toBe(403);
    expect((await as(first, 'PUT', url, { group: 'soporte' })).json()).toEqual({
      detail: ADMIN_PEOPLE_MESSAGES.grantPending,
    });

    const listed = (await as(first, 'GET', '/v1/admin/operator-grants/')).json<Grants>();
    const grant = listed.results.find((row) => row.user_id === grantee.id);
    expect(grant).toMatchObject({ group: 'pagos', can_approve: false });
    const own = await as(first, 'POST', `/v1/admin/operator-grants/${grant?.id}/approve/`);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ detail: ADMIN_PEOPLE_MESSAGES.grantOwnRequest });

    const approved = await as(second, 'POST', `/v1/admin/operator-grants/${grant?.id}/approve/`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json<Grants>().results.some((row) => row.id === grant?.id)).toBe(false);
    expect((await as(grantee, 'GET', '/v1/admin/people/')).statusCode).toBe(200);
    const audits = await queryRows<{
      action: string;
      actor_user_id: number;
      detail: Record<string, unknown>;
    }>(
      t.database,
      sql`select action, actor_user_id, detail from audit_events where subject = ${`user:${grantee.id}`} order by id`,
    );
    expect(audits).toMatchObject([
      { action: 'operator.grant_requested', actor_user_id: first.id },
      {
        action: 'operator.granted',
        actor_user_id: second.id,
        detail: { after: { operator_group: 'pagos' }, requested_by: first.id },
      },
    ]);
    expect((await as(second, 'POST', `/v1/admin/operator-grants/${grant?.id}/approve/`)).statusCode).toBe(
      409,
    );

    // A pagos operator raising themself through a colleague: the grantee may not approve it either.
    const raise = await as(second, 'PUT', url, { group: 'administracion' });
    expect(raise.json()).toMatchObject({ operator_group: 'pagos', pending_operator_group: 'administracion' });
    const next = (await as(first, 'GET', '/v1/admin/operator-grants/'))
      .json<Grants>()
      .results.find((row) => row.user_id === grantee.id);
    expect(next?.can_approve).toBe(true);
    expect((await as(grantee, 'POST', `/v1/admin/operator-grants/${next?.id}/approve/`)).statusCode).toBe(
      403,
    );
    const rejected = await as(first, 'POST', `/v1/admin/operator-grants/${next?.id}/reject/`);
    expect(rejected.statusCode).toBe(200);
    const after = await as(first, 'GET', `/v1/admin/people/${grantee.id}/`);
    expect(after.json()).toMatchObject({ operator_group: 'pagos', pending_operator_group: null });

    // Removing applies at once: taking powers away needs no second pair of eyes.
    expect((await as(first, 'PUT', url, { group: null })).json()).toMatchObject({ operator_group: null });
  });
});

describe('second factor (TOTP and recovery codes)', () => {
  let strict: TestApp;
  beforeAll(() => {
    // A published site's rule: operators of administración and pagos need the factor for /v1/admin. The
    // same app as above (a second one would cost seconds), switched for this block only.
    strict = t;
    Object.assign(t.app, { staffSecondFactorRequired: true });
  });
  afterAll(() => {
    Object.assign(t.app, { staffSecondFactorRequired: false });
  });

  const send = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) =>
    strict.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('is required before the back office, enrolls with a first code, then completes each login once', async () => {
    const operator = await createUser(strict.app);
    await makeOperator(strict.database, operator.id, 'pagos');
    const refused = await send(operator.headers, 'GET', '/v1/admin/people/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: SECOND_FACTOR_MESSAGES.requiredForAdmin });
    expect((await send(operator.headers, 'GET', '/v1/second-factor/')).json()).toEqual({
      enabled: false,
      required: true,
      recovery_codes_left: 0,
    });
    const other = await logIn(strict.app, operator.email, TEST_PASSWORD);

    const enrollment = (await send(operator.headers, 'POST', '/v1/second-factor/enrollment/')).json<{
      secret: string;
      otpauth_uri: string;
    }>();
    expect(enrollment.otpauth_uri).toContain(`secret=${enrollment.secret}`);
    const confirmUrl = '/v1/second-factor/enrollment/confirm/';
    expect((await send(operator.headers, 'POST', confirmUrl, { code: '000000' })).statusCode).toBe(400);
    const now = Date.now();
    const confirmed = await send(operator.headers, 'POST', confirmUrl, {
      code: totpCode(enrollment.secret, now),
    });
    expect(confirmed.statusCode).toBe(200);
    const { recovery_codes: codes } = confirmed.json<{ recovery_codes: string[] }>();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // The key is never shown again, the enrolling session reaches the back office, the other one ended.
    expect((await send(operator.headers, 'POST', '/v1/second-factor/enrollment/')).statusCode).toBe(409);
    expect((await send(operator.headers, 'GET', '/v1/admin/people/')).statusCode).toBe(200);
    expect((await send(other, 'GET', '/v1/admin/people/')).statusCode).toBe(401);

    // A login now owes a code, and says so: its session acts for nobody until then.
    const raw = await strict.app.inject({
      method: 'POST',
      url: '/v1/login/',
      headers: await visitorHeaders(strict.app),
      payload: { username: operator.email, password: TEST_PASSWORD },
    });
    expect(raw.json()).toMatchObject({ second_factor_required: true });
    const pending = await logIn(strict.app, operator.email, TEST_PASSWORD);
    const whoami = await send(pending, 'GET', '/v1/whoami/');
    expect(whoami.json<{ whoami: unknown }>().whoami).toBeNull();
    expect((await send(pending, 'GET', '/v1/admin/people/')).statusCode).toBe(401);
    // The code already used at enrollment is refused; the next step's is accepted (±1 step).
    const reused = await send(pending, 'POST', '/v1/second-factor/verify/', {
      code: totpCode(enrollment.secret, now),
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ code: [SECOND_FACTOR_MESSAGES.invalidCode] });
    const next = totpCode(enrollment.secret, now + 30_000);
    expect((await send(pending, 'POST', '/v1/second-factor/verify/', { code: next })).statusCode).toBe(200);
    expect((await send(pending, 'GET', '/v1/admin/people/')).statusCode).toBe(200);

    // A recovery code works once, typed with or without its dash.
    const second = await logIn(strict.app, operator.email, TEST_PASSWORD);
    const recovery = codes[0] ?? '';
    expect((await send(second, 'POST', '/v1/second-factor/verify/', { code: recovery })).statusCode).toBe(
      200,
    );
    const third = await logIn(strict.app, operator.email, TEST_PASSWORD);
    const again = recovery.replace('-', '').toUpperCase();
    expect((await send(third, 'POST', '/v1/second-factor/verify/', { code: again })).statusCode).toBe(400);
    expect((await send(third, 'GET', '/v1/second-factor/')).statusCode).toBe(401);
  });

  it('counts wrong codes against the account: a known password buys no fresh guesses', async () => {
    const merchant = await createUser(strict.app);
    await makeOperator(strict.database, merchant.id, 'soporte');
    const secret = (await send(merchant.headers, 'POST', '/v1/second-factor/enrollment/')).json<{
      secret: string;
    }>().secret;
    const confirmUrl = '/v1/second-factor/enrollment/confirm/';
    expect(
      (await send(merchant.headers, 'POST', confirmUrl, { code: totpCode(secret, Date.now()) })).statusCode,
    ).toBe(200);
    // Not required for soporte, but on: the back office asks for nothing more than the code at login.
    expect((await send(merchant.headers, 'GET', '/v1/admin/people/')).statusCode).toBe(200);
    const answers: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const pending = await logIn(strict.app, merchant.email, TEST_PASSWORD).catch(() => null);
      if (!pending) {
        answers.push(429);
        break;
      }
      answers.push(200);
      answers.push((await send(pending, 'POST', '/v1/second-factor/verify/', { code: '123456' })).statusCode);
      answers.push(
        (await send(pending, 'POST', '/v1/second-factor/verify/', { code: 'abcdefghij' })).statusCode,
      );
    }
    // Login, code, code (3 failures), login, code, 429: the series was not forgotten by the right password.
    expect(answers).toEqual([200, 400, 400, 200, 400, 429, 429]);
  });

  it("can be taken off by another operator (a lost phone): audited, sessions end, never one's own", async () => {
    const [admin, member] = [await createUser(strict.app), await createUser(strict.app)];
    await makeOperator(strict.database, admin.id, 'administracion');
    await makeOperator(strict.database, member.id, 'soporte');
    const secret = (await send(member.headers, 'POST', '/v1/second-factor/enrollment/')).json<{
      secret: string;
    }>().secret;
    const confirmUrl = '/v1/second-factor/enrollment/confirm/';
    await send(member.headers, 'POST', confirmUrl, { code: totpCode(secret, Date.now()) });
    // The administrator here has no factor of their own: this test is about the reset, not the door.
    Object.assign(t.app, { staffSecondFactorRequired: false });
    try {
      const url = `/v1/admin/people/${member.id}/`;
      expect((await send(admin.headers, 'GET', url)).json()).toMatchObject({ second_factor: true });
      const self = await send(admin.headers, 'POST', `/v1/admin/people/${admin.id}/second-factor/reset/`);
      expect(self.json()).toEqual({ detail: ADMIN_PEOPLE_MESSAGES.selfSecondFactor });
      const reset = await send(admin.headers, 'POST', `${url}second-factor/reset/`);
      expect(reset.json()).toMatchObject({ second_factor: false });
      expect((await send(member.headers, 'GET', '/v1/second-factor/')).statusCode).toBe(401);
      const again = await send(admin.headers, 'POST', `${url}second-factor/reset/`);
      expect(again.json()).toEqual({ detail: ADMIN_PEOPLE_MESSAGES.noSecondFactor });
      const login = await strict.app.inject({
        method: 'POST',
        url: '/v1/login/',
        headers: await visitorHeaders(strict.app),
        payload: { username: member.email, password: TEST_PASSWORD },
      });
      expect(login.json()).not.toHaveProperty('second_factor_required');
      const [audit] = await queryRows<{ actor_user_id: number }>(
        strict.database,
        sql`select actor_user_id from audit_events where action = 'account.second_factor_removed' and subject = ${`user:${member.id}`}`,
      );
      expect(audit?.actor_user_id).toBe(admin.id);
    } finally {
      Object.assign(t.app, { staffSecondFactorRequired: true });
    }
  });

  it('is offered to staff only, with a Spanish 403 to a shopper', async () => {
    const shopper = await createUser(strict.app);
    const answer = await send(shopper.headers, 'POST', '/v1/second-factor/enrollment/');
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ detail: SECOND_FACTOR_MESSAGES.staffOnly });
    expect(
      (await send(shopper.headers, 'POST', '/v1/second-factor/verify/', { code: '123456' })).json(),
    ).toEqual({
      detail: SECOND_FACTOR_MESSAGES.notPending,
    });
  });
});
