import { describe, expect, it } from 'vitest';
import {
  isLoopbackHost,
  readConfig,
  readPasswordHashing,
  readPushConfig,
  readStaffSecondFactor,
  readTrustProxy,
} from './config.ts';

describe('readConfig: geocoder and map tiles', () => {
  it('defaults to the embedded gazetteer and OpenStreetMap tiles, identifying itself by the public URL', () => {
    const config = readConfig({ PUBLIC_URL: 'https://mandado.uy/', PAYMENTS_SANDBOX: '1' });
    expect(config.geocoder).toEqual({ url: null, userAgent: 'Mandado/1.0 (+https://mandado.uy)' });
    expect(config.mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
  });

  it('reads GEOCODER_URL, GEOCODER_USER_AGENT, MAP_TILE_URL and MAP_ATTRIBUTION', () => {
    const config = readConfig({
      GEOCODER_URL: 'https://nominatim.example.org',
      GEOCODER_USER_AGENT: 'Mandado/2.0 (ops@mandado.uy)',
      MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png',
      MAP_ATTRIBUTION: '© Ejemplo',
    });
    expect(config.geocoder).toEqual({
      url: 'https://nominatim.example.org',
      userAgent: 'Mandado/2.0 (ops@mandado.uy)',
    });
    expect(config.mapTiles).toEqual({
      url: 'https://tiles.example.org/{z}/{x}/{y}.png',
      attribution: '© Ejemplo',
    });
  });

  it('refuses to start with a geocoder or tile URL that is not http(s)', () => {
    expect(() => readConfig({ GEOCODER_URL: 'nominatim.example.org' })).toThrow(/GEOCODER_URL/);
    expect(() => readConfig({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
  });
});

describe('readConfig: payments', () => {
  it('defaults to the embedded sandbox and no PayPal', () => {
    expect(readConfig({}).payments).toEqual({ stripe: null, paypal: null, allowSandboxInProduction: false });
  });

  it('reads Stripe and PayPal, with PayPal on its sandbox API unless PAYPAL_API_BASE says otherwise', () => {
    const stripeAndPaypal = {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_CLIENT_SECRET: 'secret',
    };
    expect(readConfig(stripeAndPaypal).payments).toEqual({
      stripe: { secretKey: 'sk_test_123', publishableKey: 'pk_test_123', webhookSecret: 'whsec_123' },
      paypal: { clientId: 'client', clientSecret: 'secret', apiBase: 'https://api-m.sandbox.paypal.com' },
      allowSandboxInProduction: false,
    });
    const live = readConfig({ ...stripeAndPaypal, PAYPAL_API_BASE: 'https://api-m.paypal.com' });
    expect(live.payments.paypal?.apiBase).toBe('https://api-m.paypal.com');
    const noWebhook = readConfig({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' });
    expect(noWebhook.payments.stripe?.webhookSecret).toBeNull();
  });

  it('refuses half a processor or swapped Stripe keys', () => {
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together/,
    );
    expect(() => readConfig({ PAYPAL_CLIENT_SECRET: 'secret' })).toThrow(
      /PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together/,
    );
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_PUBLISHABLE_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_SECRET_KEY must be a secret key/,
    );
    expect(() =>
      readConfig({ PAYPAL_CLIENT_ID: 'c', PAYPAL_CLIENT_SECRET: 's', PAYPAL_API_BASE: 'api-m.paypal.com' }),
    ).toThrow(/PAYPAL_API_BASE/);
  });

  it('refuses to start in production with the sandbox unless PAYMENTS_SANDBOX=1 asks for it', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(
      /without a card processor.*PAYMENTS_SANDBOX=1/,
    );
    expect(() => readConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'yes' })).toThrow(
      /PAYMENTS_SANDBOX=1/,
    );
    expect(readConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: '1' }).payments).toEqual({
      stripe: null,
      paypal: null,
      allowSandboxInProduction: true,
    });
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' };
    expect(readConfig({ NODE_ENV: 'production', ...stripe }).payments.stripe?.secretKey).toBe('sk_live_1');
    // Development and tests never need it.
    expect(readConfig({ NODE_ENV: 'development' }).payments.stripe).toBeNull();
  });

  it('treats a public PUBLIC_URL as production: no sandbox, no Stripe test keys, no PayPal sandbox by default', () => {
    const site = { PUBLIC_URL: 'https://mandado.uy' };
    expect(() => readConfig(site)).toThrow(/without a card processor/);
    expect(readConfig({ PUBLIC_URL: 'http://localhost:3100' }).payments.stripe).toBeNull();
    expect(readConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).payments.stripe).toBeNull();
    const testKeys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' };
    expect(() => readConfig({ ...site, ...testKeys })).toThrow(/Stripe test keys/);
    expect(readConfig({ ...site, ...testKeys, PAYMENTS_SANDBOX: '1' }).payments.stripe?.secretKey).toBe(
      'sk_test_1',
    );
    const live = { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' };
    const paypal = { PAYPAL_CLIENT_ID: 'c', PAYPAL_CLIENT_SECRET: 's' };
    expect(() => readConfig({ ...site, ...live, ...paypal })).toThrow(/PayPal's sandbox API/);
    expect(
      readConfig({ ...site, ...live, ...paypal, PAYPAL_API_BASE: 'https://api-m.paypal.com' }).payments.paypal
        ?.apiBase,
    ).toBe('https://api-m.paypal.com');
  });
});

describe('PUBLIC_URL and the published-site refusal (issue 16)', () => {
  it('stops the start on a value without a scheme', () => {
    expect(() => readConfig({ PUBLIC_URL: 'mandado.uy' })).toThrow(
      /PUBLIC_URL must be an absolute http\(s\) URL/,
    );
    expect(() => readConfig({ PUBLIC_URL: 'localhost:3000' })).toThrow(/PUBLIC_URL must be/);
    expect(() => readConfig({ PUBLIC_URL: 'ftp://mandado.uy' })).toThrow(/PUBLIC_URL must be/);
  });

  it('counts a host that only starts like a loopback address as published', () => {
    expect(() => readConfig({ PUBLIC_URL: 'https://127.mandado.uy' })).toThrow(/without a card processor/);
    expect(() => readConfig({ PUBLIC_URL: 'https://localhost.mandado.uy' })).toThrow(
      /without a card processor/,
    );
    expect(() => readConfig({ PUBLIC_URL: 'https://1270.0.0.1.example' })).toThrow(
      /without a card processor/,
    );
  });

  it('counts only localhost, *.localhost, 127.0.0.0/8 and ::1 as local', () => {
    for (const local of [
      'http://localhost:3100',
      'http://shop.localhost',
      'http://127.0.0.1:3000',
      'http://127.255.3.4',
      'http://127.1',
      'http://[::1]:3000',
      'http://[0:0:0:0:0:0:0:1]',
    ]) {
      expect(readConfig({ PUBLIC_URL: local }).payments.stripe, local).toBeNull();
    }
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('[::2]')).toBe(false);
  });
});

describe('readPushConfig (issue 17)', () => {
  it('takes both VAPID keys or neither, a mailto:/https: subject, and local endpoints only off production', () => {
    expect(readPushConfig({})).toEqual({ vapid: { keys: null, subject: null }, allowLocalEndpoints: true });
    expect(
      readPushConfig({
        VAPID_PUBLIC_KEY: 'pub',
        VAPID_PRIVATE_KEY: 'priv',
        VAPID_SUBJECT: 'mailto:ops@mandado.uy',
      }),
    ).toEqual({
      vapid: { keys: { publicKey: 'pub', privateKey: 'priv' }, subject: 'mailto:ops@mandado.uy' },
      allowLocalEndpoints: true,
    });
    expect(() => readPushConfig({ VAPID_PUBLIC_KEY: 'pub' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => readPushConfig({ VAPID_SUBJECT: 'http://mandado.uy' })).toThrow(/VAPID_SUBJECT/);
    expect(readPushConfig({ NODE_ENV: 'production' }).allowLocalEndpoints).toBe(false);
    expect(readPushConfig({ PUBLIC_URL: 'https://mandado.uy' }).allowLocalEndpoints).toBe(false);
  });
});

describe('readPasswordHashing (decision 049)', () => {
  it('is standard unless a local run asks for the test setting, which a published site refuses', () => {
    expect(readPasswordHashing({})).toBe('standard');
    expect(readConfig({}).passwordHashing).toBe('standard');
    expect(readPasswordHashing({ PASSWORD_HASHING: 'standard' })).toBe('standard');
    expect(
      readPasswordHashing({ PASSWORD_HASHING: 'fast-for-tests', PUBLIC_URL: 'http://localhost:3100' }),
    ).toBe('fast-for-tests');
    expect(() =>
      readPasswordHashing({ PASSWORD_HASHING: 'fast-for-tests', PUBLIC_URL: 'https://mandado.uy' }),
    ).toThrow(/published site/);
    expect(() => readPasswordHashing({ PASSWORD_HASHING: 'fast-for-tests', NODE_ENV: 'production' })).toThrow(
      /published site/,
    );
    expect(() => readPasswordHashing({ PASSWORD_HASHING: 'fast' })).toThrow(/'standard' or 'fast-for-tests'/);
  });
});

describe('readStaffSecondFactor (decision 053)', () => {
  it('is required on a published site, offered locally unless STAFF_SECOND_FACTOR=required', () => {
    expect(readStaffSecondFactor({})).toBe(false);
    expect(readConfig({}).staffSecondFactorRequired).toBe(false);
    expect(readStaffSecondFactor({ PUBLIC_URL: 'http://localhost:3100' })).toBe(false);
    expect(readStaffSecondFactor({ STAFF_SECOND_FACTOR: 'required' })).toBe(true);
    expect(readStaffSecondFactor({ PUBLIC_URL: 'https://mandado.uy' })).toBe(true);
    expect(readStaffSecondFactor({ NODE_ENV: 'production' })).toBe(true);
    expect(() => readStaffSecondFactor({ STAFF_SECOND_FACTOR: 'off', NODE_ENV: 'production' })).toThrow(
      /'required' or unset/,
    );
  });
});

describe('readConfig: metrics, traces and error reports (decision 055)', () => {
  it('is off by default, and reads METRICS_TOKEN, OTEL_* and SENTRY_DSN when set', () => {
    const none = readConfig({});
    expect([none.metricsToken, none.tracing, none.errorReporting]).toEqual([null, null, null]);
    const all = readConfig({
      METRICS_TOKEN: 'secreto',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
      OTEL_SERVICE_NAME: 'mandado-a',
      SENTRY_DSN: 'https://abc123@o1.ingest.sentry.io/4507',
      NODE_ENV: 'production',
      PAYMENTS_SANDBOX: '1',
    });
    expect(all.metricsToken).toBe('secreto');
    expect(all.tracing).toEqual({ endpoint: 'http://otel-collector:4318', serviceName: 'mandado-a' });
    expect(all.errorReporting).toEqual({
      dsn: 'https://abc123@o1.ingest.sentry.io/4507',
      serviceName: 'mandado-a',
      environment: 'production',
    });
    expect(readConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }).tracing?.serviceName).toBe(
      'mandado-api',
    );
  });

  it('stops the start on an endpoint or DSN that cannot work, without printing the DSN key', () => {
    expect(() => readConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'otel-collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
    expect(() => readConfig({ SENTRY_DSN: 'https://secretkey@sentry.example.com' })).toThrow(/SENTRY_DSN/);
    expect(() => readConfig({ SENTRY_DSN: 'https://secretkey@sentry.example.com' })).not.toThrow(/secretkey/);
  });
});

describe('readConfig: role and drain (issue 27)', () => {
  it('defaults to MANDADO_ROLE=all and a 20 s drain, and reads both', () => {
    expect(readConfig({}).role).toBe('all');
    expect(readConfig({}).drainTimeoutMs).toBe(20_000);
    const worker = readConfig({ MANDADO_ROLE: 'worker', DRAIN_TIMEOUT_SECONDS: '5' });
    expect(worker.role).toBe('worker');
    expect(worker.drainTimeoutMs).toBe(5000);
    expect(readConfig({ MANDADO_ROLE: 'web' }).role).toBe('web');
  });

  it('refuses an unknown role or drain time instead of guessing', () => {
    expect(() => readConfig({ MANDADO_ROLE: 'api' })).toThrow(/MANDADO_ROLE/);
    expect(() => readConfig({ DRAIN_TIMEOUT_SECONDS: '-1' })).toThrow(/DRAIN_TIMEOUT_SECONDS/);
  });
});

describe('readTrustProxy', () => {
  it("takes addresses, CIDRs and proxy-addr's range names, and refuses anything else at start", () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toBe('127.0.0.1');
    expect(readTrustProxy('10.0.0.0/8, ::1, fd00::/8, loopback, 10.1.0.0/255.255.0.0')).toBe(
      '10.0.0.0/8, ::1, fd00::/8, loopback, 10.1.0.0/255.255.0.0',
    );
    // 'true' crashed buildApp with proxy-addr's TypeError; it would also trust every client's X-Forwarded-For.
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY .*not "true"/);
    expect(() => readTrustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => readTrustProxy('proxy.internal')).toThrow(/TRUST_PROXY/);
  });
});

describe('readConfig: COUNTRY_HEADER (issue 30)', () => {
  it('reads the header name in lower case, none by default, and refuses what is no header name', () => {
    expect(readConfig({}).countryHeader).toBeNull();
    expect(readConfig({ COUNTRY_HEADER: 'CF-IPCountry' }).countryHeader).toBe('cf-ipcountry');
    expect(() => readConfig({ COUNTRY_HEADER: 'cf ipcountry' })).toThrow(/COUNTRY_HEADER/);
  });
});
