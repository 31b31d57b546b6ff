import { createHash } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@mandado/shared/account-messages';
import { MESSAGES } from '@mandado/shared/messages';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailTransport, smtpMailTransport } from '../src/modules/mail/mail-transport.ts';
import { type MailWorker, startMailWorker } from '../src/modules/mail/mail-worker.ts';
import { type MailSink, startMailSink } from './mail-sink.ts';
import {
  logIn,
  registerUser,
  type SessionHeaders,
  TEST_ORIGIN,
  uniqueEmail,
  visitorHeaders,
} from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

const PUBLIC_URL = 'https://mandado.example';
const NEW_PASSWORD = 'atardecer-en-pocitos';
// Windows are aligned to the epoch; one of ~3 years never rolls over in the middle of a test.
const LONG_WINDOW = 100_000_000;

let t: TestApp;
let sink: MailSink;
let transport: MailTransport;
let worker: MailWorker;

beforeAll(async () => {
  // Every request here comes from one IP; its limit is the throttling tests' business.
  t = await createTestApp({
    publicUrl: PUBLIC_URL,
    rateLimits: {
      passwordResetPerIp: { max: 1000, windowSeconds: LONG_WINDOW },
      passwordResetTokenPerIp: { max: 1000, windowSeconds: LONG_WINDOW },
    },
  });
  sink = await startMailSink();
  transport = smtpMailTransport(sink.url, 'Mandado <no-reply@mandado.uy>');
  worker = startMailWorker({
    db: t.database.db,
    transport,
    log: Fastify({ logger: false }).log,
    intervalMs: 60_000,
  });
});
afterAll(async () => {
  await worker.stop();
  transport.close();
  await sink.close();
  await t.close();
});

async function requestReset(email: string, headers?: SessionHeaders) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/password-reset/',
    headers: headers ?? (await visitorHeaders(t.app)),
    payload: { email },
  });
}

async function checkReset(token: string, headers?: SessionHeaders) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/password-reset/check/',
    headers: headers ?? (await visitorHeaders(t.app)),
    payload: { token },
  });
}

async function confirmReset(token: string, password: string, headers?: SessionHeaders) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/password-reset/confirm/',
    headers: headers ?? (await visitorHeaders(t.app)),
    payload: { token, password },
  });
}

/** Requests a reset and returns the link of the e-mail the SMTP server received. */
async function resetLinkFor(email: string): Promise<string> {
  const before = sink.messages.length;
  expect((await requestReset(email)).statusCode).toBe(202);
  await worker.drain();
  const mail = sink.messages.slice(before).find((message) => message.to.includes(email));
  if (!mail) throw new Error(`no e-mail to ${email}`);
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in ${mail.text}`);
  return link;
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

async function whoami(headers: SessionHeaders) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/v1/whoami/',
    headers: { cookie: headers.cookie },
  });
  return response.json<{ whoami: { user_account_id: string } | null }>().whoami;
}

async function loginStatus(email: string, password: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/login/',
    headers: await visitorHeaders(t.app),
    payload: { username: email, password },
  });
  return response.statusCode;
}

async function count(table: 'password_reset_tokens' | 'email_outbox'): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database,
    sql`select count(*)::int as n from ${sql.raw(table)}`,
  );
  return row?.n ?? 0;
}

describe('POST /v1/password-reset/', () => {
  it('answers an unknown e-mail exactly as a known one, and only the known one gets a token and an e-mail', async () => {
    const user = await registerUser(t.app);
    const unknown = uniqueEmail('nadie');
    const tokensBefore = await count('password_reset_tokens');
    const outboxBefore = await count('email_outbox');

    const forUnknown = await requestReset(unknown);
    expect(await count('password_reset_tokens')).toBe(tokensBefore);
    expect(await count('email_outbox')).toBe(outboxBefore);
    const forKnown = await requestReset(user.email);
    expect(await count('password_reset_tokens')).toBe(tokensBefore + 1);
    expect(await count('email_outbox')).toBe(outboxBefore + 1);

    expect(forUnknown.statusCode).toBe(202);
    expect(forKnown.statusCode).toBe(202);
    expect(forUnknown.body).toBe(forKnown.body);
    expect(forKnown.json()).toEqual({ detail: SERVER_MESSAGES.passwordResetRequested });

    await worker.drain();
    expect(sink.messages.some((mail) => mail.to.includes(unknown))).toBe(false);
    expect(sink.messages.some((mail) => mail.to.includes(user.email))).toBe(true);
  });

  it('e-mails a Spanish message with a one-hour link to /password-reset; only the token hash is stored', async () => {
    const user = await registerUser(t.app);
    // The account is found however the shopper typed the address.
    expect((await requestReset(`  ${user.email.toUpperCase()} `)).statusCode).toBe(202);
    await worker.drain();
    const mail = await sink.waitFor(user.email);
    expect(mail.subject).toBe('Restablece tu contraseña de Mandado');
    expect(mail.text).toContain('Hola Ana:');
    expect(mail.text).toContain('restablecer la contraseña');
    expect(mail.text).toContain('una hora');
    const sentLink = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
    expect(sentLink).toMatch(/^https:\/\/mandado\.example\/password-reset\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`href="${sentLink}"`);

    const token = tokenOf(sentLink);
    const rows = await queryRows<{ token_hash: string; valid_minutes: number }>(
      t.database,
      sql`select token_hash, extract(epoch from expires_at - now())::float / 60 as valid_minutes
          from password_reset_tokens prt join users u on u.id = prt.user_id where u.email = ${user.email}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0]?.valid_minutes).toBeGreaterThan(59);
    expect(rows[0]?.valid_minutes).toBeLessThanOrEqual(60);
  });

  it('refuses a request without the CSRF token', async () => {
    const user = await registerUser(t.app);
    const visitor = await visitorHeaders(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/password-reset/',
      headers: { cookie: visitor.cookie, origin: TEST_ORIGIN },
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MESSAGES.csrfFailed });
    const [row] = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from password_reset_tokens prt join users u on u.id = prt.user_id
          where u.email = ${user.email}`,
    );
    expect(row?.n).toBe(0);
  });

  it('refuses a malformed e-mail with a field error', async () => {
    const response = await requestReset('no-es-un-correo');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: [MESSAGES.invalidEmail] });
  });
});

describe('POST /v1/password-reset/confirm/', () => {
  it('sets the new password once: the old one stops working, the new one works, a second use is refused', async () => {
    const user = await registerUser(t.app);
    const token = tokenOf(await resetLinkFor(user.email));

    const done = await confirmReset(token, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: SERVER_MESSAGES.passwordResetDone });
    expect(await loginStatus(user.email, user.password)).toBe(400);
    expect(await loginStatus(user.email, NEW_PASSWORD)).toBe(200);

    const again = await confirmReset(token, 'otra-clave-del-cerro');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: ACCOUNT_MESSAGES.passwordResetInvalid });
    expect(await loginStatus(user.email, NEW_PASSWORD)).toBe(200);
  });

  it('ends every other session of the user and keeps the one that reset the password', async () => {
    const user = await registerUser(t.app);
    const otherSession = user.headers;
    const resettingSession = await logIn(t.app, user.email, user.password);
    expect(await whoami(otherSession)).toMatchObject({ user_account_id: user.userAccountId });

    const token = tokenOf(await resetLinkFor(user.email));
    expect((await confirmReset(token, NEW_PASSWORD, resettingSession)).statusCode).toBe(200);

    expect(await whoami(otherSession)).toBeNull();
    expect(await whoami(resettingSession)).toMatchObject({ user_account_id: user.userAccountId });
  });

  it('ends all the sessions of the user when a visitor (or another user) resets the password', async () => {
    const user = await registerUser(t.app);
    const second = await logIn(t.app, user.email, user.password);
    const someoneElse = await registerUser(t.app);

    const token = tokenOf(await resetLinkFor(user.email));
    expect((await confirmReset(token, NEW_PASSWORD, someoneElse.headers)).statusCode).toBe(200);

    expect(await whoami(user.headers)).toBeNull();
    expect(await whoami(second)).toBeNull();
    expect(await whoami(someoneElse.headers)).toMatchObject({ user_account_id: someoneElse.userAccountId });
  });

  it('refuses an expired token and leaves the password as it was', async () => {
    const user = await registerUser(t.app);
    const token = tokenOf(await resetLinkFor(user.email));
    await t.database.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 second'
          where token_hash = ${createHash('sha256').update(token).digest('hex')}`,
    );
    const response = await confirmReset(token, NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: ACCOUNT_MESSAGES.passwordResetInvalid });
    expect(await loginStatus(user.email, user.password)).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const response = await confirmReset('a'.repeat(43), NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: ACCOUNT_MESSAGES.passwordResetInvalid });
  });

  it('refuses a weak new password per field without spending the token', async () => {
    const user = await registerUser(t.app);
    const token = tokenOf(await resetLinkFor(user.email));

    const short = await confirmReset(token, 'corta');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ password: [ACCOUNT_MESSAGES.passwordTooShort] });
    const common = await confirmReset(token, 'Contraseña123');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ password: [ACCOUNT_MESSAGES.passwordTooCommon] });

    expect((await confirmReset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses the account's own e-mail or the shopper's name as the new password, without spending the token", async () => {
    const user = await registerUser(t.app, { first_name: 'Florencia', last_name: 'Olivera' });
    const token = tokenOf(await resetLinkFor(user.email));

    const likeEmail = await confirmReset(token, user.email);
    expect(likeEmail.statusCode).toBe(400);
    expect(likeEmail.json()).toEqual({ password: [ACCOUNT_MESSAGES.passwordLikeEmail] });
    const likeName = await confirmReset(token, 'Florencia2026!');
    expect(likeName.statusCode).toBe(400);
    expect(likeName.json()).toEqual({ password: [ACCOUNT_MESSAGES.passwordLikeName] });
    expect(await loginStatus(user.email, user.password)).toBe(200);

    expect((await confirmReset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('retires the older links of the user once one of them is used', async () => {
    const user = await registerUser(t.app);
    const older = tokenOf(await resetLinkFor(user.email));
    const newer = tokenOf(await resetLinkFor(user.email));
    expect(older).not.toBe(newer);

    expect((await confirmReset(newer, NEW_PASSWORD)).statusCode).toBe(200);
    const response = await confirmReset(older, 'otra-clave-del-cerro');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: ACCOUNT_MESSAGES.passwordResetInvalid });
    expect(await loginStatus(user.email, NEW_PASSWORD)).toBe(200);
  });

  it('refuses a confirmation without the CSRF token', async () => {
    const user = await registerUser(t.app);
    const token = tokenOf(await resetLinkFor(user.email));
    const visitor = await visitorHeaders(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/password-reset/confirm/',
      headers: { cookie: visitor.cookie, origin: TEST_ORIGIN },
      payload: { token, password: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MESSAGES.csrfFailed });
    expect(await loginStatus(user.email, user.password)).toBe(200);
  });
});

describe('POST /v1/password-reset/check/', () => {
  it('says a fresh link is valid without using it up', async () => {
    const user = await registerUser(t.app);
    const token = tokenOf(await resetLinkFor(user.email));
    const first = await checkReset(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ valid: true });
    expect((await checkReset(token)).json()).toEqual({ valid: true });
    expect((await confirmReset(token, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await loginStatus(user.email, NEW_PASSWORD)).toBe(200);
  });

  it('refuses a used, an expired, an unknown and an empty token with the Spanish detail', async () => {
    const user = await registerUser(t.app);
    const used = tokenOf(await resetLinkFor(user.email));
    expect((await confirmReset(used, NEW_PASSWORD)).statusCode).toBe(200);
    const expired = tokenOf(await resetLinkFor(user.email));
    await t.database.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 second'
          where token_hash = ${createHash('sha256').update(expired).digest('hex')}`,
    );
    for (const token of [used, expired, 'b'.repeat(43), '', 'x'.repeat(500)]) {
      const response = await checkReset(token);
      expect(response.statusCode, token).toBe(400);
      expect(JSON.stringify(response.json())).toContain(ACCOUNT_MESSAGES.passwordResetInvalid);
    }
  });

  it('refuses a check without the CSRF token', async () => {
    const visitor = await visitorHeaders(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/password-reset/check/',
      headers: { cookie: visitor.cookie, origin: TEST_ORIGIN },
      payload: { token: 'c'.repeat(43) },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MESSAGES.csrfFailed });
  });
});

describe('password-reset throttling', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      rateLimits: {
        passwordResetPerEmail: { max: 2, windowSeconds: LONG_WINDOW },
        passwordResetPerIp: { max: 4, windowSeconds: LONG_WINDOW },
        passwordResetTokenPerIp: { max: 3, windowSeconds: LONG_WINDOW },
      },
    });
  });
  afterAll(() => limited.close());

  async function send(email: string, ip: string) {
    return limited.app.inject({
      method: 'POST',
      url: '/v1/password-reset/',
      headers: await visitorHeaders(limited.app),
      payload: { email },
      remoteAddress: ip,
    });
  }

  it('limits requests per e-mail, however it is typed, with 429, Retry-After and a Spanish detail', async () => {
    const email = uniqueEmail('limitado');
    expect((await send(email, '10.1.0.1')).statusCode).toBe(202);
    expect((await send(email.toUpperCase(), '10.1.0.2')).statusCode).toBe(202);
    const refused = await send(` ${email} `, '10.1.0.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: SERVER_MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(uniqueEmail('otro'), '10.1.0.3')).statusCode).toBe(202);
  });

  it('limits requests per IP whatever the e-mail', async () => {
    for (let i = 0; i < 4; i += 1) expect((await send(uniqueEmail('ip'), '10.2.0.1')).statusCode).toBe(202);
    const refused = await send(uniqueEmail('ip'), '10.2.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(uniqueEmail('ip'), '10.2.0.2')).statusCode).toBe(202);
  });

  it('limits link checks and confirmations per IP together, with 429 and a Spanish detail', async () => {
    async function call(path: 'check' | 'confirm', ip: string) {
      return limited.app.inject({
        method: 'POST',
        url: `/v1/password-reset/${path}/`,
        headers: await visitorHeaders(limited.app),
        payload: { token: 'd'.repeat(43), password: NEW_PASSWORD },
        remoteAddress: ip,
      });
    }
    expect((await call('check', '10.3.0.1')).statusCode).toBe(400);
    expect((await call('confirm', '10.3.0.1')).statusCode).toBe(400);
    expect((await call('check', '10.3.0.1')).statusCode).toBe(400);
    for (const path of ['check', 'confirm'] as const) {
      const refused = await call(path, '10.3.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ detail: SERVER_MESSAGES.tooManyRequests });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await call('check', '10.3.0.2')).statusCode).toBe(400);
  });
});
