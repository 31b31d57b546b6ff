import { PRIVACY_POLICY_VERSION, TERMS_VERSION } from '@mandado/shared/legal-versions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  cookiesFrom,
  logIn,
  registerUser,
  TEST_ORIGIN,
  TEST_PASSWORD,
  uniqueEmail,
  visitorHeaders,
} from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // Every registration here comes from one address; the per-IP limit has its own tests below.
  t = await createTestApp({ rateLimits: { emailLookupPerIp: { max: 1000, windowSeconds: 300 } } });
});
afterAll(() => t.close());

function registration(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    first_name: 'Ana',
    last_name: 'Pereira',
    phone_number: '+598 91 234 567',
    type: 'remitter',
    referral_token: '',
    terms_accepted: true,
    privacy_accepted: true,
    ...overrides,
  };
}

async function whoami(cookie: string) {
  const response = await t.app.inject({ method: 'GET', url: '/v1/whoami/', headers: { cookie } });
  return response.json<{ whoami: Record<string, unknown> | null }>().whoami;
}

describe('POST /v1/users/create/', () => {
  it('registers a remitter, logs them in and stores a normalised e-mail, an E.164 phone and an argon2id hash', async () => {
    const headers = await visitorHeaders(t.app);
    const payload = registration({ email: '  Nueva.Persona@Ejemplo.COM ', phone_number: '+598 91 234 567' });
    const response = await t.app.inject({ method: 'POST', url: '/v1/users/create/', headers, payload });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      user_account_id: expect.any(String),
      first_name: 'Ana',
      csrf_token: expect.any(String),
    });
    expect(JSON.stringify(body)).not.toContain(TEST_PASSWORD);

    const cookies = {
      ...cookiesFrom(headers.cookie.split('; ')),
      ...cookiesFrom(response.headers['set-cookie']),
    };
    expect(await whoami(cookieHeader(cookies))).toEqual({
      user_account_id: body.user_account_id,
      type: 'remitter',
      first_name: 'Ana',
      last_name: 'Pereira',
      email: 'nueva.persona@ejemplo.com',
      phone_number: '+598 91 234 567',
      referral_token: expect.stringMatching(/^[\w-]{20,}$/),
      credit: '0.00',
      coupon: null,
      referral_welcome_pending: false,
      roles: ['remitter'],
      store_ids: [],
      operator_group: null,
    });
    const [row] = await queryRows<{ phone_e164: string; password_hash: string }>(
      t.database,
      sql`select phone_e164, password_hash from users where email = 'nueva.persona@ejemplo.com'`,
    );
    expect(row?.phone_e164).toBe('+59891234567');
    // argon2id, never the password; the test app's cost (decision 049); password-hashing.test.ts checks the
    // server's standard cost.
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row?.password_hash).not.toContain(TEST_PASSWORD);
    // Ley 18.331 (issue 32): what was accepted is on record with the documents' versions.
    const consents = await queryRows<{ kind: string; version: string }>(
      t.database,
      sql`select kind, version from consents join users on users.id = consents.user_id
          where users.email = 'nueva.persona@ejemplo.com' order by kind`,
    );
    expect(consents).toEqual([
      { kind: 'privacy_policy', version: PRIVACY_POLICY_VERSION },
      { kind: 'terms', version: TERMS_VERSION },
    ]);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, never readable by scripts', async () => {
    const headers = await visitorHeaders(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/users/create/',
      headers,
      payload: registration(),
    });
    const setCookie = [response.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(/mandado_session=[\w-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
  });

  it('uses a __Host- Secure cookie when served over HTTPS behind a trusted proxy', async () => {
    const secure = await createTestApp({ trustProxy: '127.0.0.1' });
    try {
      const https = { host: 'mandado.uy', 'x-forwarded-proto': 'https', origin: 'https://mandado.uy' };
      const csrf = await secure.app.inject({ method: 'GET', url: '/v1/csrf-token/', headers: https });
      const csrfCookies = cookiesFrom(csrf.headers['set-cookie']);
      expect(Object.keys(csrfCookies)).toEqual(['__Host-mandado_csrf']);
      const response = await secure.app.inject({
        method: 'POST',
        url: '/v1/users/create/',
        headers: { ...https, cookie: cookieHeader(csrfCookies), 'x-csrftoken': csrf.json().csrf_token },
        payload: registration(),
      });
      expect(response.statusCode).toBe(201);
      expect([response.headers['set-cookie']].flat().join('\n')).toMatch(
        /__Host-mandado_session=[\w-]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax/,
      );
    } finally {
      await secure.close();
    }
  });

  it.each([
    [{ email: '' }, { email: ['Campo requerido'] }],
    [{ email: 'ana@' }, { email: ['Correo electrónico inválido'] }],
    [{ password: '' }, { password: ['Campo requerido'] }],
    [{ password: 'corta1' }, { password: ['La contraseña debe tener al menos 8 caracteres.'] }],
    [{ password: 'x'.repeat(129) }, { password: ['La contraseña no puede tener más de 128 caracteres.'] }],
    [
      { password: 'Password123' },
      { password: ['Esa contraseña es demasiado común. Elige una más difícil de adivinar.'] },
    ],
    [{ first_name: '  ' }, { first_name: ['Campo requerido'] }],
    [{ last_name: undefined }, { last_name: ['Campo requerido'] }],
    [{ first_name: 'x'.repeat(41) }, { first_name: ['No puede tener más de 40 caracteres.'] }],
    [{ phone_number: '' }, { phone_number: ['Campo requerido'] }],
    [{ phone_number: '+598 12' }, { phone_number: ['Ingresa un número válido'] }],
    [{ phone_number: '091234567' }, { phone_number: ['Ingresa un número válido'] }],
    [
      { terms_accepted: false },
      { terms_accepted: ['Debes aceptar los términos y condiciones del servicio.'] },
    ],
    [
      { terms_accepted: undefined },
      { terms_accepted: ['Debes aceptar los términos y condiciones del servicio.'] },
    ],
    [
      { privacy_accepted: undefined },
      { privacy_accepted: ['Debes aceptar la política de privacidad para crear tu cuenta.'] },
    ],
    [
      { privacy_accepted: 'sí' },
      { privacy_accepted: ['Debes aceptar la política de privacidad para crear tu cuenta.'] },
    ],
    [{ type: 'merchant' }, { type: ['Valor inválido.'] }],
  ])('refuses %j with Spanish field errors', async (overrides, expected) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/users/create/',
      headers: await visitorHeaders(t.app),
      payload: registration(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
  });

  it('refuses an e-mail already registered in another case', async () => {
    const existing = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/users/create/',
      headers: await visitorHeaders(t.app),
      payload: registration({ email: ` ${existing.email.toUpperCase()} ` }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['Ya existe una cuenta con este correo electrónico.'] });
  });

  it('accepts the referral token of an existing user and refuses one that belongs to nobody', async () => {
    const inviter = await registerUser(t.app);
    const inviterToken = (await whoami(inviter.headers.cookie))?.referral_token;
    // Another phone: the same one would be a self-referral, created without the link (decision 026).
    const invited = await registerUser(t.app, {
      referral_token: inviterToken,
      phone_number: '+598 99 123 456',
    });
    const [row] = await queryRows<{ referred: boolean }>(
      t.database,
      sql`select invited.referred_by_user_id = inviter.id as referred from users invited, users inviter
          where invited.email = ${invited.email} and inviter.email = ${inviter.email}`,
    );
    expect(row?.referred).toBe(true);

    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/users/create/',
      headers: await visitorHeaders(t.app),
      payload: registration({ referral_token: 'no-es-de-nadie' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ referral_token: ['El enlace de invitación no es válido.'] });
  });
});

describe('login, whoami and logout', () => {
  it('logs in with the e-mail in any case, answers the spec fields and never the password', async () => {
    const user = await registerUser(t.app);
    const visitor = await visitorHeaders(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/login/',
      headers: visitor,
      payload: { username: ` ${user.email.toUpperCase()}`, password: user.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user_account_id: user.userAccountId,
      first_name: 'Ana',
      csrf_token: expect.any(String),
    });
    const cookies = {
      ...cookiesFrom(visitor.cookie.split('; ')),
      ...cookiesFrom(response.headers['set-cookie']),
    };
    expect((await whoami(cookieHeader(cookies)))?.email).toBe(user.email);
  });

  it('gives a visitor whoami null, and the same answer for an unknown e-mail and a wrong password', async () => {
    expect(await whoami('')).toBeNull();
    const user = await registerUser(t.app);
    const attempt = async (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/login/',
        headers: await visitorHeaders(t.app),
        payload: { username, password: 'no-es-esta-clave' },
      });
    const wrongPassword = await attempt(user.email);
    const unknownAccount = await attempt(uniqueEmail('nadie'));
    expect(wrongPassword.statusCode).toBe(400);
    expect(unknownAccount.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({
      non_field_errors: ['Correo electrónico o contraseña incorrectos.'],
    });
    expect(unknownAccount.body).toBe(wrongPassword.body);
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an empty login with the spec texts', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/login/',
      headers: await visitorHeaders(t.app),
      payload: { username: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: ['Ingresa tu correo'], password: ['Ingresa tu contraseña'] });
  });

  it('starts a new session at every login and ends the one the request had', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/login/',
      headers: user.headers,
      payload: { username: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(200);
    const before = cookiesFrom(user.headers.cookie.split('; ')).mandado_session;
    const after = cookiesFrom(response.headers['set-cookie']).mandado_session;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect(await whoami(`mandado_session=${before}`)).toBeNull();
    expect((await whoami(`mandado_session=${after}`))?.email).toBe(user.email);
    const stored = await queryRows<{ token_hash: string }>(
      t.database,
      sql`select token_hash from sessions where token_hash = ${after ?? ''}`,
    );
    expect(stored).toEqual([]); // only the hash is kept, never the token
  });

  it('logs out with POST: the session ends and the cookie is cleared', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/v1/logout/', headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect([response.headers['set-cookie']].flat().join('\n')).toMatch(/mandado_session=; Max-Age=0/);
    expect(await whoami(user.headers.cookie)).toBeNull();
    const get = await t.app.inject({ method: 'GET', url: '/v1/logout/', headers: user.headers });
    expect(get.statusCode).toBe(404);
  });

  it('ends a session idle for longer than the idle timeout, and one past its absolute end', async () => {
    const idle = await registerUser(t.app);
    const old = await registerUser(t.app);
    await t.database.db.execute(sql`
      update sessions set last_seen_at = now() - interval '15 days'
      where user_id = (select id from users where email = ${idle.email})`);
    await t.database.db.execute(sql`
      update sessions set expires_at = now() - interval '1 second'
      where user_id = (select id from users where email = ${old.email})`);
    expect(await whoami(idle.headers.cookie)).toBeNull();
    expect(await whoami(old.headers.cookie)).toBeNull();
    const update = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/update/remitter/',
      headers: idle.headers,
      payload: { first_name: 'Otra', last_name: 'Persona', phone_number: '+598 91 234 567' },
    });
    expect(update.statusCode).toBe(403); // its CSRF token died with it
  });

  it('keeps an active session alive past the idle timeout counted from login', async () => {
    const user = await registerUser(t.app);
    await t.database.db.execute(sql`
      update sessions set created_at = now() - interval '20 days', last_seen_at = now() - interval '13 days'
      where user_id = (select id from users where email = ${user.email})`);
    expect((await whoami(user.headers.cookie))?.email).toBe(user.email);
    const [row] = await queryRows<{ recent: boolean }>(
      t.database,
      sql`select last_seen_at > now() - interval '1 minute' as recent from sessions
          where user_id = (select id from users where email = ${user.email})`,
    );
    expect(row?.recent).toBe(true);
  });
});

describe('CSRF', () => {
  it.each([
    ['missing', (headers: Record<string, string>) => ({ ...headers, 'x-csrftoken': '' })],
    ['wrong', (headers: Record<string, string>) => ({ ...headers, 'x-csrftoken': 'x'.repeat(43) })],
    [
      'from another origin',
      (headers: Record<string, string>) => ({ ...headers, origin: 'https://evil.example' }),
    ],
    [
      'referred by another site',
      (headers: Record<string, string>) => {
        const { origin: _origin, ...rest } = headers;
        return { ...rest, referer: 'https://evil.example/page' };
      },
    ],
  ])('refuses a state change with the token %s with 403', async (_case, alter) => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/update/remitter/',
      headers: alter(user.headers),
      payload: { first_name: 'Hackeada', last_name: 'Pereira', phone_number: '+598 91 234 567' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: 'No pudimos verificar la solicitud. Recarga la página e intenta de nuevo.',
    });
    expect((await whoami(user.headers.cookie))?.first_name).toBe('Ana');
  });

  it.each(['//v1/login/', '/%761/login/'])('guards the same route written as %s', async (url) => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { origin: 'https://evil.example' },
      payload: { username: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it("refuses a visitor's login without the pre-session token", async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/login/',
      headers: { origin: TEST_ORIGIN },
      payload: { username: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(403);
  });

  it("does not accept one session's token for another session", async () => {
    const first = await registerUser(t.app);
    const second = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/logout/',
      headers: { ...first.headers, 'x-csrftoken': second.headers['x-csrftoken'] },
    });
    expect(response.statusCode).toBe(403);
    expect(await whoami(first.headers.cookie)).not.toBeNull();
  });

  it('gives a logged-in user the session-bound token', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/csrf-token/',
      headers: { cookie: user.headers.cookie },
    });
    expect(response.json()).toEqual({ csrf_token: user.headers['x-csrftoken'] });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('e-mail existence checks', () => {
  it('answers whether an account exists, by path and by query, whatever the case', async () => {
    const user = await registerUser(t.app);
    const byPath = await t.app.inject({
      method: 'GET',
      url: `/v1/users/exists/${encodeURIComponent(user.email.toUpperCase())}`,
    });
    expect(byPath.json()).toEqual({ exists: true });
    const byQuery = await t.app.inject({
      method: 'GET',
      url: `/v1/users/email/register/?email=${encodeURIComponent(uniqueEmail())}`,
    });
    expect(byQuery.json()).toEqual({ exists: false });
    const bad = await t.app.inject({ method: 'GET', url: '/v1/users/email/register/?email=ana@' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ email: ['Correo electrónico inválido'] });
  });
});

describe('PUT /v1/users/update/remitter/', () => {
  it("changes only the session user's name and phone", async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/update/remitter/',
      headers: user.headers,
      payload: { first_name: ' Beatriz ', last_name: 'Suárez', phone_number: '+34 612 34 56 78' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Beatriz',
      last_name: 'Suárez',
      phone_number: '+34 612 34 56 78',
      email: user.email,
    });
    expect((await whoami(other.headers.cookie))?.first_name).toBe('Ana');
  });

  it('refuses a visitor with 401 and bad fields with 400', async () => {
    const visitor = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/update/remitter/',
      headers: await visitorHeaders(t.app),
      payload: { first_name: 'A', last_name: 'B', phone_number: '+598 91 234 567' },
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ detail: 'Debes iniciar sesión para continuar.' });
    const user = await registerUser(t.app);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/update/remitter/',
      headers: user.headers,
      payload: { first_name: '', last_name: 'B', phone_number: '123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      first_name: ['Campo requerido'],
      phone_number: ['Ingresa un número válido'],
    });
  });
});

describe('throttling', () => {
  it('limits failed logins per e-mail from one client, without locking the owner out elsewhere', async () => {
    const limited = await createTestApp({
      rateLimits: {
        loginPerEmail: { max: 2, windowSeconds: 100_000_000 },
        loginPerIp: { max: 6, windowSeconds: 100_000_000 },
      },
    });
    try {
      const user = await registerUser(limited.app);
      const attempt = async (username: string, ip: string, password = 'equivocada-123') =>
        limited.app.inject({
          method: 'POST',
          url: '/v1/login/',
          headers: await visitorHeaders(limited.app),
          remoteAddress: ip,
          payload: { username, password },
        });
      // An attacker at client A fails twice: A's third try at this account is refused, even the right one.
      expect((await attempt(user.email, '10.0.0.1')).statusCode).toBe(400);
      expect((await attempt(user.email, '10.0.0.1')).statusCode).toBe(400);
      const refused = await attempt(user.email, '10.0.0.1', user.password);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        detail: 'Demasiadas solicitudes. Intenta de nuevo en unos segundos.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The owner at client B still logs in with the right password (it was 429 from any address before).
      expect((await attempt(user.email, '10.0.0.2', user.password)).statusCode).toBe(200);
      // The same /64 is the same client; another /64 is another.
      expect((await attempt(user.email, '2001:db8:1:2::1')).statusCode).toBe(400);
      expect((await attempt(user.email, '2001:db8:1:2::2')).statusCode).toBe(400);
      expect((await attempt(user.email, '2001:db8:1:2::3', user.password)).statusCode).toBe(429);
      expect((await attempt(user.email, '2001:db8:1:3::1', user.password)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('caps login attempts per IPv6 /48, so rotating /64s inside one allocation buys no more guesses', async () => {
    const limited = await createTestApp({
      rateLimits: { loginPerNetwork: { max: 3, windowSeconds: 100_000_000 } },
    });
    try {
      const user = await registerUser(limited.app);
      const attempt = async (ip: string, password = 'equivocada-123') =>
        limited.app.inject({
          method: 'POST',
          url: '/v1/login/',
          headers: await visitorHeaders(limited.app),
          remoteAddress: ip,
          payload: { username: user.email, password },
        });
      // Three different /64s of one /48: each a fresh client for the per-IP and per-e-mail counters.
      expect((await attempt('2001:db8:7:1::1')).statusCode).toBe(400);
      expect((await attempt('2001:db8:7:2::1')).statusCode).toBe(400);
      expect((await attempt('2001:db8:7:3::1')).statusCode).toBe(400);
      expect((await attempt('2001:db8:7:4::1')).statusCode).toBe(429);
      // Another /48, and IPv4, are not affected.
      expect((await attempt('2001:db8:8:1::1', user.password)).statusCode).toBe(200);
      expect((await attempt('10.0.3.1', user.password)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("forgets a client's failures when it logs in, and never counts successes", async () => {
    const limited = await createTestApp({
      rateLimits: {
        loginPerEmail: { max: 2, windowSeconds: 100_000_000 },
        loginPerIp: { max: 100, windowSeconds: 100_000_000 },
      },
    });
    try {
      const user = await registerUser(limited.app);
      const attempt = async (password: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/v1/login/',
          headers: await visitorHeaders(limited.app),
          remoteAddress: '10.0.2.1',
          payload: { username: user.email, password },
        });
      // Successes alone never add up to a refusal.
      for (let index = 0; index < 4; index++) expect((await attempt(user.password)).statusCode).toBe(200);
      // One typo, then the right password: the typo is forgotten, so two more typos are still allowed.
      expect((await attempt('equivocada-123')).statusCode).toBe(400);
      expect((await attempt(user.password)).statusCode).toBe(200);
      expect((await attempt('equivocada-123')).statusCode).toBe(400);
      expect((await attempt('equivocada-456')).statusCode).toBe(400);
      expect((await attempt(user.password)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('still limits every login attempt per client IP', async () => {
    const limited = await createTestApp({
      rateLimits: { loginPerIp: { max: 4, windowSeconds: 100_000_000 } },
    });
    try {
      const user = await registerUser(limited.app);
      const attempt = async (username: string, password = 'equivocada-123') =>
        limited.app.inject({
          method: 'POST',
          url: '/v1/login/',
          headers: await visitorHeaders(limited.app),
          remoteAddress: '10.0.0.9',
          payload: { username, password },
        });
      // One address trying many accounts is stopped, and then even a right password from it waits.
      for (let index = 0; index < 4; index++) expect((await attempt(uniqueEmail())).statusCode).toBe(400);
      expect((await attempt(uniqueEmail())).statusCode).toBe(429);
      expect((await attempt(user.email, user.password)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('limits registrations per e-mail, however it is typed', async () => {
    const limited = await createTestApp({
      rateLimits: { emailLookupPerEmail: { max: 2, windowSeconds: 100_000_000 } },
    });
    try {
      const email = uniqueEmail();
      const attempt = async (typed: string, ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/v1/users/create/',
          headers: await visitorHeaders(limited.app),
          remoteAddress: ip,
          payload: registration({ email: typed }),
        });
      expect((await attempt(email, '10.0.1.1')).statusCode).toBe(201);
      expect((await attempt(email.toUpperCase(), '10.0.1.2')).statusCode).toBe(400);
      expect((await attempt(` ${email} `, '10.0.1.3')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('counts IPv6 clients by their /64', async () => {
    const limited = await createTestApp({
      rateLimits: { emailLookupPerIp: { max: 2, windowSeconds: 100_000_000 } },
    });
    try {
      const check = (ip: string) =>
        limited.app.inject({
          method: 'GET',
          url: `/v1/users/exists/${encodeURIComponent(uniqueEmail())}`,
          remoteAddress: ip,
        });
      expect((await check('2001:db8:1:2::1')).statusCode).toBe(200);
      expect((await check('2001:db8:1:2:aaaa::7')).statusCode).toBe(200);
      expect((await check('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
      expect((await check('2001:db8:1:3::1')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits e-mail existence checks', async () => {
    const limited = await createTestApp({
      rateLimits: { emailLookupPerIp: { max: 2, windowSeconds: 100_000_000 } },
    });
    try {
      const check = () =>
        limited.app.inject({ method: 'GET', url: `/v1/users/exists/${encodeURIComponent(uniqueEmail())}` });
      expect((await check()).statusCode).toBe(200);
      expect((await check()).statusCode).toBe(200);
      const refused = await check();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('logIn helper', () => {
  it('opens independent sessions for one user', async () => {
    const user = await registerUser(t.app);
    const second = await logIn(t.app, user.email, user.password);
    expect(second.cookie).not.toBe(user.headers.cookie);
    expect((await whoami(second.cookie))?.email).toBe(user.email);
    expect((await whoami(user.headers.cookie))?.email).toBe(user.email);
  });
});
