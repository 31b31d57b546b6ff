import { hasPermission, OPERATOR_GROUPS, type OperatorGroup } from '@mandado/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTE_TABLE } from '../src/modules/admin/admin.routes.ts';
import { createUser, makeOperator, type TestUser } from './factories.ts';
import { visitorHeaders } from './session-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Issue 19: every /v1/admin route declares its permission, and this walks each one with every operator group,
 * a remitter and a visitor. A group the permission is not given to gets the 403 before anything is read; a
 * group it is given to gets past the guard (here: a 4xx about the made-up ids and bodies, or a 200).
 */
let t: TestApp;
const operators = new Map<OperatorGroup, TestUser>();
let remitter: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  for (const group of OPERATOR_GROUPS) {
    const user = await createUser(t.app);
    await makeOperator(t.database, user.id, group);
    operators.set(group, user);
  }
  remitter = await createUser(t.app);
});
afterAll(() => t.close());

/** A URL for the route with made-up parameters that name nothing (so an allowed call changes nothing). */
function concreteUrl(url: string): string {
  return url
    .replace(/:number\b/g, 'MV-999999')
    .replace(/:[A-Za-z]+/g, '999999')
    .replace(/\*$/, '');
}

function routes() {
  return [...ADMIN_ROUTE_TABLE.values()].sort((a, b) =>
    `${a.url}${a.method}`.localeCompare(`${b.url}${b.method}`),
  );
}

async function call(route: { method: string; url: string }, headers: Record<string, string>) {
  return t.app.inject({
    method: route.method as 'GET',
    url: concreteUrl(route.url),
    headers,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });
}

describe('every /v1/admin route', () => {
  it('declares a permission, and the table holds the back office', () => {
    const urls = routes().map((route) => `${route.method} ${route.url}`);
    expect(urls.length).toBeGreaterThan(10);
    expect(urls).toContain('POST /v1/admin/store-orders/:number/refunds/');
    expect(urls).toContain('POST /v1/admin/orders/:number/mark-paid/');
  });

  it('answers 401 to a visitor and 403 to a remitter', async () => {
    const visitor = await visitorHeaders(t.app);
    for (const route of routes()) {
      const label = `${route.method} ${route.url}`;
      expect((await call(route, visitor)).statusCode, label).toBe(401);
      expect((await call(route, remitter.headers)).statusCode, label).toBe(403);
    }
  });

  it('refuses before reading the body: a malformed one gets the 401, the 403 or the CSRF 403, never the 400', async () => {
    const malformed = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: '/v1/admin/zones/',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"type": "FeatureCollection", ',
      });
    const visitor = await visitorHeaders(t.app);
    expect((await malformed(visitor)).statusCode).toBe(401);
    expect((await malformed(remitter.headers)).statusCode).toBe(403);
    const support = operators.get('soporte');
    const admin = operators.get('administracion');
    if (!support || !admin) throw new Error('no operator');
    expect((await malformed(support.headers)).statusCode).toBe(403);
    // The right group without the CSRF token (a forged request): refused before the body too.
    const { 'x-csrftoken': _token, ...forged } = admin.headers;
    const answer = await malformed(forged);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().detail).not.toBe('No tienes permiso para realizar esta acción.');
    // With everything in order the body is read, and found malformed.
    expect((await malformed(admin.headers)).statusCode).toBe(400);
  });

  for (const group of OPERATOR_GROUPS) {
    it(`lets the '${group}' group through exactly where its permissions reach`, async () => {
      const operator = operators.get(group);
      if (!operator) throw new Error('no operator');
      const holder = { roles: ['remitter', 'operator'] as const, storeIds: [], operatorGroup: group };
      for (const route of routes()) {
        const label = `${group}: ${route.method} ${route.url} (${route.permission})`;
        const answer = await call(route, operator.headers);
        if (hasPermission(holder, route.permission)) {
          expect([401, 403], label).not.toContain(answer.statusCode);
          expect(answer.statusCode, label).toBeLessThan(500);
        } else {
          expect(answer.statusCode, label).toBe(403);
          expect(answer.json(), label).toEqual({ detail: 'No tienes permiso para realizar esta acción.' });
        }
      }
    });
  }
});
