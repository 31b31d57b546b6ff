import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_TIMEOUTS } from '../src/server-timeouts.ts';
import { createTestApp, type TestApp } from './test-app.ts';

describe('security headers (decision 014)', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp();
    proxied = await createTestApp({ trustProxy: '127.0.0.1' });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it('allows geolocation on our own origin only and turns camera, microphone and payment off', async () => {
    const response = await direct.app.inject({ method: 'GET', url: '/v1/country/' });
    const policy = String(response.headers['permissions-policy']);
    expect(policy).toContain('geolocation=(self)');
    for (const feature of ['camera', 'microphone', 'payment', 'usb'])
      expect(policy).toContain(`${feature}=()`);
  });

  it('sends the policy on error answers too', async () => {
    const response = await direct.app.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['permissions-policy']).toContain('geolocation=(self)');
  });

  it('sends no HSTS over plain HTTP', async () => {
    const response = await direct.app.inject({ method: 'GET', url: '/v1/country/' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto from a client that is not a trusted proxy', async () => {
    const response = await direct.app.inject({
      method: 'GET',
      url: '/v1/country/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when a trusted proxy says the request came over HTTPS', async () => {
    const response = await proxied.app.inject({
      method: 'GET',
      url: '/v1/country/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('sends no HSTS through the trusted proxy over plain HTTP', async () => {
    const response = await proxied.app.inject({
      method: 'GET',
      url: '/v1/country/',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('server timeouts (decision 014)', () => {
  it('sets deadlines for headers, whole requests and idle connections on the Node server', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.server.headersTimeout).toBe(DEFAULT_SERVER_TIMEOUTS.headersMs);
      expect(t.app.server.requestTimeout).toBe(DEFAULT_SERVER_TIMEOUTS.requestMs);
      expect(t.app.server.keepAliveTimeout).toBe(DEFAULT_SERVER_TIMEOUTS.keepAliveMs);
      expect(t.app.server.timeout).toBe(DEFAULT_SERVER_TIMEOUTS.idleSocketMs);
      expect(DEFAULT_SERVER_TIMEOUTS.headersMs).toBeLessThanOrEqual(10_000);
      expect(DEFAULT_SERVER_TIMEOUTS.requestMs).toBeLessThanOrEqual(30_000);
    } finally {
      await t.close();
    }
  });

  it('closes a connection that sends its headers too slowly', async () => {
    const t = await createTestApp({
      serverTimeouts: { headersMs: 300, requestMs: 600, checkIntervalMs: 100 },
    });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const started = Date.now();
      const closedAfter = await new Promise<number>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write('GET /v1/country/ HTTP/1.1\r\nHost: localhost\r\n');
          // A slow-loris client: one more header line now and then, never the blank line that ends them.
          const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 100);
          socket.on('close', () => {
            clearInterval(drip);
            resolve(Date.now() - started);
          });
        });
        socket.on('error', () => {});
        setTimeout(() => reject(new Error('still open after 5 s')), 5000);
      });
      expect(closedAfter).toBeLessThan(2000);
    } finally {
      await t.close();
    }
  });
});
