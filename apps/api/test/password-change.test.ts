import { ACCOUNT_MESSAGES } from '@mandado/shared/account-messages';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './factories.ts';
import { logIn, type SessionHeaders, visitorHeaders } from './session-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: { emailLookupPerIp: { max: 1000, windowSeconds: 300 } } });
});
afterAll(() => t.close());

async function whoamiOf(headers: SessionHeaders): Promise<string | null> {
  const response = await t.app.inject({ method: 'GET', url: '/v1/whoami/', headers });
  return response.json<{ whoami: { user_account_id: string } | null }>().whoami?.user_account_id ?? null;
}

function change(headers: SessionHeaders, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/v1/users/change-password/', headers, payload });
}

describe('POST /v1/users/change-password/', () => {
  it('changes the password, ends the other sessions and keeps the one that asked', async () => {
    const user = await createUser(t.app);
    const other = await logIn(t.app, user.email, user.password);
    expect(await whoamiOf(other)).toBe(user.userAccountId);

    const response = await change(user.headers, {
      current_password: user.password,
      new_password: 'otra-tarde-en-el-cerro',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: SERVER_MESSAGES.passwordChanged });
    expect(response.headers['cache-control']).toBe('no-store');

    expect(await whoamiOf(user.headers)).toBe(user.userAccountId);
    expect(await whoamiOf(other)).toBeNull();

    // The old password no longer logs in; the new one does.
    const visitor = await visitorHeaders(t.app);
    const old = await t.app.inject({
      method: 'POST',
      url: '/v1/login/',
      headers: visitor,
      payload: { username: user.email, password: user.password },
    });
    expect(old.statusCode).toBe(400);
    await expect(logIn(t.app, user.email, 'otra-tarde-en-el-cerro')).resolves.toBeDefined();
  });

  it('refuses a wrong current password with a Spanish 400 and changes nothing', async () => {
    const user = await createUser(t.app);
    const other = await logIn(t.app, user.email, user.password);
    const response = await change(user.headers, {
      current_password: 'no-es-la-mia-123',
      new_password: 'otra-tarde-en-el-cerro',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
    expect(await whoamiOf(other)).toBe(user.userAccountId);
    await expect(logIn(t.app, user.email, user.password)).resolves.toBeDefined();
  });

  it.each([
    ['too short', 'corta', ACCOUNT_MESSAGES.passwordTooShort],
    ['too common', 'password123', ACCOUNT_MESSAGES.passwordTooCommon],
  ])('applies the password policy (%s) in the schema', async (_label, next, message) => {
    const user = await createUser(t.app);
    const response = await change(user.headers, { current_password: user.password, new_password: next });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ new_password: [message] });
  });

  it("refuses the account's e-mail, the shopper's name and the same password", async () => {
    const user = await createUser(t.app, { first_name: 'Valentina' });
    const likeEmail = await change(user.headers, {
      current_password: user.password,
      new_password: user.email,
    });
    expect(likeEmail.json()).toEqual({ new_password: [ACCOUNT_MESSAGES.passwordLikeEmail] });
    const likeName = await change(user.headers, {
      current_password: user.password,
      new_password: 'Valentina',
    });
    expect(likeName.json()).toEqual({ new_password: [ACCOUNT_MESSAGES.passwordLikeName] });
    const same = await change(user.headers, { current_password: user.password, new_password: user.password });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ new_password: [SERVER_MESSAGES.passwordSameAsCurrent] });
  });

  it('answers 401 to a visitor and 403 without the CSRF token', async () => {
    const visitor = await visitorHeaders(t.app);
    const anonymous = await change(visitor, {
      current_password: 'x',
      new_password: 'otra-tarde-en-el-cerro',
    });
    expect(anonymous.statusCode).toBe(401);
    const user = await createUser(t.app);
    const { 'x-csrftoken': _token, ...withoutCsrf } = user.headers;
    const forged = await t.app.inject({
      method: 'POST',
      url: '/v1/users/change-password/',
      headers: withoutCsrf,
      payload: { current_password: user.password, new_password: 'otra-tarde-en-el-cerro' },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('limits failed attempts per account (429 in Spanish), and a success forgets them', async () => {
    const limited = await createTestApp({
      rateLimits: {
        emailLookupPerIp: { max: 1000, windowSeconds: 300 },
        passwordChangePerUser: { max: 2, windowSeconds: 300 },
      },
    });
    try {
      const user = await createUser(limited.app);
      const attempt = (current: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/v1/users/change-password/',
          headers: user.headers,
          payload: { current_password: current, new_password: 'otra-tarde-en-el-cerro' },
        });
      expect((await attempt('equivocada-1')).statusCode).toBe(400);
      expect((await attempt(user.password)).statusCode).toBe(200);
      expect((await attempt('equivocada-2')).statusCode).toBe(400);
      expect((await attempt('equivocada-3')).statusCode).toBe(400);
      const blocked = await attempt('equivocada-4');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: SERVER_MESSAGES.tooManyRequests });
    } finally {
      await limited.close();
    }
  });
});
