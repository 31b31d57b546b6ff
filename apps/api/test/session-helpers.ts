import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Origin of `app.inject()` requests (its default Host is localhost:80). */
export const TEST_ORIGIN = 'http://localhost:80';

export interface SessionHeaders {
  cookie: string;
  'x-csrftoken': string;
  origin: string;
  [header: string]: string;
}

export const TEST_PASSWORD = 'paseo-por-la-rambla';

/** The `name=value` pairs a response sets, ready for a Cookie header. */
export function cookiesFrom(setCookie: string | string[] | undefined): Record<string, string> {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const cookies: Record<string, string> = {};
  for (const line of list) {
    const [pair = ''] = line.split(';');
    const index = pair.indexOf('=');
    if (index > 0) cookies[pair.slice(0, index)] = pair.slice(index + 1);
  }
  return cookies;
}

export function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

/** Headers for a visitor's state change: the pre-session CSRF cookie and its token, from our origin. */
export async function visitorHeaders(app: FastifyInstance): Promise<SessionHeaders> {
  const response = await app.inject({ method: 'GET', url: '/v1/csrf-token/' });
  const token = response.json<{ csrf_token: string }>().csrf_token;
  return {
    cookie: cookieHeader(cookiesFrom(response.headers['set-cookie'])),
    'x-csrftoken': token,
    origin: TEST_ORIGIN,
  };
}

export function uniqueEmail(prefix = 'remitente'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@ejemplo.com`;
}

export interface RegisteredUser {
  email: string;
  password: string;
  userAccountId: string;
  /** Headers of the session the registration opened. */
  headers: SessionHeaders;
}

/** Registers a remitter through the API (which logs them in) and returns their session's headers. */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<Record<string, unknown>> = {},
): Promise<RegisteredUser> {
  const visitor = await visitorHeaders(app);
  const email = typeof overrides.email === 'string' ? overrides.email : uniqueEmail();
  const password = typeof overrides.password === 'string' ? overrides.password : TEST_PASSWORD;
  const response = await app.inject({
    method: 'POST',
    url: '/v1/users/create/',
    headers: visitor,
    payload: {
      email,
      password,
      first_name: 'Ana',
      last_name: 'Pereira',
      phone_number: '+1 415 555 2671',
      type: 'remitter',
      referral_token: '',
      terms_accepted: true,
      privacy_accepted: true,
      ...overrides,
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ user_account_id: string; csrf_token: string }>();
  const cookies = {
    ...cookiesFrom(visitor.cookie.split('; ')),
    ...cookiesFrom(response.headers['set-cookie']),
  };
  return {
    email: email.trim().toLowerCase(),
    password,
    userAccountId: body.user_account_id,
    headers: { cookie: cookieHeader(cookies), 'x-csrftoken': body.csrf_token, origin: TEST_ORIGIN },
  };
}

/** Logs in and returns the new session's headers (each login is a new session). */
export async function logIn(app: FastifyInstance, email: string, password: string): Promise<SessionHeaders> {
  const visitor = await visitorHeaders(app);
  const response = await app.inject({
    method: 'POST',
    url: '/v1/login/',
    headers: visitor,
    payload: { username: email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ csrf_token: string }>();
  const cookies = {
    ...cookiesFrom(visitor.cookie.split('; ')),
    ...cookiesFrom(response.headers['set-cookie']),
  };
  return { cookie: cookieHeader(cookies), 'x-csrftoken': body.csrf_token, origin: TEST_ORIGIN };
}
