import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countHit, deleteFinishedWindows } from '../src/modules/rate-limits/rate-limits.repository.ts';
import { uniqueEmail, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Windows are aligned to the epoch; one of ~3 years never rolls over in the middle of a test.
const LONG_WINDOW = 100_000_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      cityRequest: { max: 2, windowSeconds: LONG_WINDOW },
      search: { max: 3, windowSeconds: LONG_WINDOW },
      nearStores: { max: 1, windowSeconds: LONG_WINDOW },
      registerPerIp: { max: 2, windowSeconds: 3600 },
    },
  });
});
afterAll(() => t.close());

function fromIp(ip: string) {
  return { remoteAddress: ip };
}

describe('rate limits on lookups and requests', () => {
  it('refuses the third city request from one IP with 429, Retry-After and a Spanish detail', async () => {
    const payload = { city: 'Salto', email: 'ana@correo.com' };
    const headers = await visitorHeaders(t.app);
    const send = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/v1/city/request/', payload, headers, ...fromIp(ip) });
    expect((await send('10.0.0.1')).statusCode).toBe(201);
    expect((await send('10.0.0.1')).statusCode).toBe(201);
    const refused = await send('10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: 'Demasiadas solicitudes. Intenta de nuevo en unos segundos.' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LONG_WINDOW);
    expect((await send('10.0.0.2')).statusCode).toBe(201);
  });

  it('limits new accounts per address, with a 429 in Spanish that says when to try again (issue 27)', async () => {
    const headers = await visitorHeaders(t.app);
    const register = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/users/create/',
        headers,
        ...fromIp(ip),
        payload: {
          email: uniqueEmail(),
          password: 'paseo-por-la-rambla',
          first_name: 'Ana',
          last_name: 'Pereira',
          phone_number: '+57 310 123 4567',
          type: 'remitter',
          referral_token: '',
          terms_accepted: true,
          privacy_accepted: true,
        },
      });
    expect((await register('10.1.0.1')).statusCode).toBe(201);
    expect((await register('10.1.0.1')).statusCode).toBe(201);
    const refused = await register('10.1.0.1');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json()).toEqual({ detail: SERVER_MESSAGES.tooManyRegistrations(retryAfter) });
    expect(refused.json<{ detail: string }>().detail).toMatch(
      /^Se crearon demasiadas cuentas desde tu conexión\. Intenta de nuevo en (\d+ minutos|un minuto|una hora)\.$/,
    );
    // Another address registers.
    expect((await register('10.1.0.2')).statusCode).toBe(201);
  });

  it('limits searches and nearby-store lookups per IP', async () => {
    const search = () =>
      t.app.inject({ method: 'GET', url: '/v1/products/Montevideo/?search=leche', ...fromIp('10.0.0.3') });
    for (let i = 0; i < 3; i += 1) expect((await search()).statusCode).toBe(200);
    expect((await search()).statusCode).toBe(429);

    const near = () =>
      t.app.inject({
        method: 'GET',
        url: '/v1/stores/near/?latitud=-34.9&longitud=-56.16',
        ...fromIp('10.0.0.3'),
      });
    expect((await near()).statusCode).toBe(200);
    expect((await near()).statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For from an untrusted client, so a script cannot rotate its IP', async () => {
    const spoofed = (forwardedFor: string) =>
      t.app.inject({
        method: 'GET',
        url: '/v1/stores/near/?latitud=-34.9&longitud=-56.16',
        headers: { 'x-forwarded-for': forwardedFor },
        ...fromIp('10.0.0.5'),
      });
    expect((await spoofed('1.1.1.1')).statusCode).toBe(200);
    expect((await spoofed('2.2.2.2')).statusCode).toBe(429);
  });

  it("sweeps only a rule's finished windows, never the current one or another rule's", async () => {
    const current = new Date('2026-11-21T10:00:00Z');
    const earlier = new Date('2026-11-21T09:00:00Z');
    for (const [bucket, start] of [
      ['cityRequest:10.9.9.9', earlier],
      ['cityRequest:10.9.9.9', current],
      ['search:10.9.9.9', earlier],
    ] as const) {
      await countHit(t.database.db, bucket, start);
    }
    await deleteFinishedWindows(t.database.db, 'cityRequest', current);
    const left = await queryRows<{ bucket: string; window_start: Date | string }>(
      t.database,
      sql`select bucket, window_start from rate_limit_hits where bucket like '%:10.9.9.9' order by bucket, window_start`,
    );
    expect(left.map((row) => [row.bucket, new Date(row.window_start).toISOString()])).toEqual([
      ['cityRequest:10.9.9.9', current.toISOString()],
      ['search:10.9.9.9', earlier.toISOString()],
    ]);
  });

  it('counts concurrent requests without losing any', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'GET', url: '/v1/products/Montevideo/?search=pan', ...fromIp('10.0.0.4') }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 429, 429, 429]);
  });
});
