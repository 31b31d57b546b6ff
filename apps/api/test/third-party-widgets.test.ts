import { NO_WIDGETS } from '@mandado/shared/third-party-widgets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('third-party widgets (decision 027)', () => {
  let plain: TestApp;
  let configured: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    configured = await createTestApp({
      widgets: {
        ...NO_WIDGETS,
        tag_manager_id: 'GTM-ABC1234',
        chat_website_id: '8c3f2b1a-1d2e-4f5a-9b6c-7d8e9f0a1b2c',
      },
    });
  });
  afterAll(async () => {
    await plain.close();
    await configured.close();
  });

  it('with nothing configured, who-am-I names no widget and the CSP lets no script or call leave the site', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/v1/whoami/' });
    expect(response.json().settings.widgets).toEqual(NO_WIDGETS);
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toBeUndefined();
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });

  it('configured widgets reach the client and their vendors’ origins, and only theirs, enter the CSP', async () => {
    const response = await configured.app.inject({ method: 'GET', url: '/v1/whoami/' });
    expect(response.json().settings.widgets).toMatchObject({
      tag_manager_id: 'GTM-ABC1234',
      ads_id: null,
      error_reporting_key: null,
    });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'https://www.googletagmanager.com',
      'https://client.crisp.chat',
    ]);
    expect(csp.get('connect-src')).toContain('wss://client.relay.crisp.chat');
    expect(csp.get('connect-src')).not.toContain('https://*.sentry.io');
    expect(csp.get('frame-src')).toBeUndefined();
  });
});
