import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyUserRole,
  parseUserRoleArgs,
  UserRoleError,
} from '../src/modules/accounts/user-roles.service.ts';
import { addStoreMember, createStore, createUser, makeOperator } from './factories.ts';
import { visitorHeaders } from './session-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { emailLookupPerIp: { max: 1000, windowSeconds: 300 } } });
});
afterAll(() => t.close());

const FORBIDDEN = { detail: 'No tienes permiso para realizar esta acción.' };
const NOT_AUTHENTICATED = { detail: 'Debes iniciar sesión para continuar.' };

async function get(url: string, cookie = '') {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

async function whoamiOf(cookie: string) {
  return (await get('/v1/whoami/', cookie)).json<{ whoami: { roles: string[]; store_ids: number[] } }>()
    .whoami;
}

describe('the actor', () => {
  it('is a remitter for a new account, a merchant of their stores, an operator when granted', async () => {
    const user = await createUser(t.app);
    expect(await whoamiOf(user.headers.cookie)).toMatchObject({ roles: ['remitter'], store_ids: [] });

    const [first, second] = [await createStore(t.database), await createStore(t.database)];
    await addStoreMember(t.database, second.id, user.id, 'staff');
    await addStoreMember(t.database, first.id, user.id, 'owner');
    // Read with the session on the next request: the same session now carries the new roles.
    expect(await whoamiOf(user.headers.cookie)).toMatchObject({
      roles: ['remitter', 'merchant'],
      store_ids: [first.id, second.id].sort((a, b) => a - b),
    });

    await makeOperator(t.database, user.id);
    expect((await whoamiOf(user.headers.cookie)).roles).toEqual(['remitter', 'merchant', 'operator']);
  });

  it('costs no extra query: the session lookup reads the roles and stores too', async () => {
    const user = await createUser(t.app);
    const before = t.queries.length;
    await get('/v1/merchant/stores/', user.headers.cookie);
    const sent = t.queries.slice(before);
    expect(sent.filter((query) => query.includes('from "sessions"'))).toHaveLength(1);
    expect(sent.filter((query) => query.includes('store_members'))).toHaveLength(1);
  });
});

describe('/v1/merchant/*', () => {
  it('answers 401 to a visitor and 403 to a remitter or an operator who works for no store', async () => {
    expect((await get('/v1/merchant/stores/')).statusCode).toBe(401);
    expect((await get('/v1/merchant/stores/')).json()).toEqual(NOT_AUTHENTICATED);
    const remitter = await createUser(t.app);
    const refused = await get('/v1/merchant/stores/', remitter.headers.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(FORBIDDEN);
    const operator = await createUser(t.app);
    await makeOperator(t.database, operator.id);
    expect((await get('/v1/merchant/stores/', operator.headers.cookie)).statusCode).toBe(403);
  });

  it("lists only the merchant's own stores, and refuses another store's page", async () => {
    const merchant = await createUser(t.app);
    const own = await createStore(t.database, { status: 'pending' });
    const other = await createStore(t.database);
    await addStoreMember(t.database, own.id, merchant.id);
    const response = await get('/v1/merchant/stores/', merchant.headers.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      results: [{ id: own.id, name: own.name, status: 'pending', city: 'Montevideo', member_role: 'owner' }],
    });
    expect((await get(`/v1/merchant/stores/${own.id}/`, merchant.headers.cookie)).json()).toMatchObject({
      id: own.id,
    });
    const elsewhere = await get(`/v1/merchant/stores/${other.id}/`, merchant.headers.cookie);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual(FORBIDDEN);
  });
});

describe('/v1/admin/*', () => {
  it('answers 401 to a visitor and 403 to a remitter and to a merchant', async () => {
    expect((await get('/v1/admin/stores/')).statusCode).toBe(401);
    const remitter = await createUser(t.app);
    expect((await get('/v1/admin/stores/', remitter.headers.cookie)).statusCode).toBe(403);
    const merchant = await createUser(t.app);
    await addStoreMember(t.database, (await createStore(t.database)).id, merchant.id);
    const refused = await get('/v1/admin/stores/', merchant.headers.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(FORBIDDEN);
  });

  it('lists every store with its status to an operator, pending ones first', async () => {
    const operator = await createUser(t.app);
    await makeOperator(t.database, operator.id);
    const pending = await createStore(t.database, { status: 'pending' });
    const staffed = await createStore(t.database);
    for (const member of [await createUser(t.app), await createUser(t.app)]) {
      await addStoreMember(t.database, staffed.id, member.id);
    }
    const response = await get('/v1/admin/stores/', operator.headers.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { results } = response.json<{ results: { id: number; status: string; member_count: number }[] }>();
    expect(results.find((store) => store.id === pending.id)).toMatchObject({
      status: 'pending',
      member_count: 0,
    });
    // Each store counts its own members (the count is a subquery correlated on the store).
    expect(results.find((store) => store.id === staffed.id)).toMatchObject({ member_count: 2 });
    expect(results[0]?.status).toBe('pending');
    expect(results.some((store) => store.status === 'approved')).toBe(true);
  });
});

describe('npm run user:role', () => {
  it('grants and removes the operator role and store memberships', async () => {
    const user = await createUser(t.app);
    const store = await createStore(t.database);
    const run = (...args: string[]) => applyUserRole(t.app.db, parseUserRoleArgs(args));

    expect(await run(` ${user.email.toUpperCase()} `, 'operator')).toBe(
      `${user.email} es operador (administracion).`,
    );
    expect(await run(user.email, `merchant:${store.id}`)).toContain('(dueño)');
    expect(await whoamiOf(user.headers.cookie)).toMatchObject({
      roles: ['remitter', 'merchant', 'operator'],
      store_ids: [store.id],
      operator_group: 'administracion',
    });
    // Issue 19: another group moves the operator; an unknown one is refused.
    expect(await run(user.email, 'operator:soporte')).toBe(`${user.email} es operador (soporte).`);
    expect(await whoamiOf(user.headers.cookie)).toMatchObject({ operator_group: 'soporte' });
    expect(() => parseUserRoleArgs([user.email, 'operator:jefe'])).toThrow(/Grupo de operador desconocido/);
    expect(await run(user.email, `merchant:${store.id}:staff`)).toContain('(personal)');
    expect(await run(user.email, 'operator', '--remove')).toBe(`${user.email} ya no es operador.`);
    expect(await run(user.email, `merchant:${store.id}`, '--remove')).toContain('ya no es miembro');
    expect(await whoamiOf(user.headers.cookie)).toMatchObject({ roles: ['remitter'], store_ids: [] });
  });

  it('says clearly when the user, the store or the role does not exist', async () => {
    const user = await createUser(t.app);
    await expect(
      applyUserRole(t.app.db, parseUserRoleArgs(['nadie@ejemplo.com', 'operator'])),
    ).rejects.toThrow('No hay ninguna cuenta con el correo nadie@ejemplo.com');
    await expect(applyUserRole(t.app.db, parseUserRoleArgs([user.email, 'merchant:999999']))).rejects.toThrow(
      'No existe la tienda 999999.',
    );
    expect(() => parseUserRoleArgs([user.email, 'admin'])).toThrow(UserRoleError);
    expect(() => parseUserRoleArgs([user.email])).toThrow('Uso: npm run user:role');
  });
});

describe('weak passwords at registration', () => {
  it.each([
    ['        ', 'La contraseña no puede ser solo espacios.'],
    ['aaaaaaaa', 'La contraseña no puede ser un mismo carácter repetido.'],
    ['PEREIRA1990', 'La contraseña no puede ser tu nombre o tu apellido.'],
    ['{email}', 'La contraseña no puede ser tu correo electrónico.'],
  ])('refuses %j with a Spanish message', async (password, message) => {
    const email = `debil.${Math.random().toString(36).slice(2, 8)}@ejemplo.com`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/users/create/',
      headers: await visitorHeaders(t.app),
      payload: {
        email,
        password: password.replace('{email}', email),
        first_name: 'Ana',
        last_name: 'Pereira',
        phone_number: '+598 91 234 567',
        terms_accepted: true,
        privacy_accepted: true,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password: [message] });
  });
});

describe('no-store on answers carrying personal data', () => {
  it('marks registration, login, who-am-I and the remitter update', async () => {
    const user = await createUser(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/login/',
      headers: await visitorHeaders(t.app),
      payload: { username: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const update = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/update/remitter/',
      headers: user.headers,
      payload: { first_name: 'Ana', last_name: 'Pereira', phone_number: '+598 91 234 567' },
    });
    expect(update.statusCode).toBe(200);
    expect(update.headers['cache-control']).toBe('no-store');
    expect((await get('/v1/whoami/', user.headers.cookie)).headers['cache-control']).toBe('no-store');
    const registration = await t.app.inject({
      method: 'POST',
      url: '/v1/users/create/',
      headers: await visitorHeaders(t.app),
      payload: {
        email: `nuevo.${Math.random().toString(36).slice(2, 8)}@ejemplo.com`,
        password: 'paseo-por-la-rambla',
        first_name: 'Ana',
        last_name: 'Pereira',
        phone_number: '+598 91 234 567',
        terms_accepted: true,
        privacy_accepted: true,
      },
    });
    expect(registration.statusCode).toBe(201);
    expect(registration.headers['cache-control']).toBe('no-store');
  });
});
