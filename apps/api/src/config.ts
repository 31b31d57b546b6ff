import { isIP } from 'node:net';
import path from 'node:path';
import { readWidgetSettings, type WidgetSettings } from '@mandado/shared/third-party-widgets';
import { z } from 'zod';
import type { DatabaseOptions } from './db/database.ts';
import type { PasswordHashing } from './modules/accounts/password-hashing.ts';
import type { GeocoderConfig } from './modules/geo/geocoder.ts';
import type { MediaStorageConfig } from './modules/media/media-storage.ts';
import type { MessagingConfig } from './modules/messages/message-channels.ts';
import { PAYPAL_SANDBOX_API_BASE } from './modules/payments/paypal-processor.ts';
import { DEFAULT_MAP_TILES, type MapTiles } from './modules/settings/map-tiles.ts';
import type { VapidConfig } from './modules/store-inbox/vapid-keys.ts';
import type { PaymentsConfig } from './payment-processor.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './plugins/rate-limit.ts';

export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseOptions;
  /**
   * Whether the server applies pending migrations when it starts (MIGRATE_ON_START, default true). A deployment
   * that migrates as a release step (`npm run db:migrate`) sets it to false; instances that do migrate take an
   * advisory lock, so starting several at once is safe either way (decision 036).
   */
  migrateOnStart: boolean;
  /**
   * MANDADO_ROLE (issue 27): 'all' (the default) serves HTTP and runs the background workers; 'web' serves
   * HTTP and runs none; 'worker' runs the outboxes, the expiry and the sweeps and serves only /health and
   * /ready on PORT. Any number of each may share one PostgreSQL.
   */
  role: InstanceRole;
  /** DRAIN_TIMEOUT_SECONDS: on SIGTERM, how long requests in flight and the workers' passes may take to end. */
  drainTimeoutMs: number;
  /** Built web app to serve, or null when only the API runs (tests, `npm run dev`). */
  webDistDir: string | null;
  /** Built staff app to serve at /comercio, /admin and /entrega (issue 17), or null. */
  staffDistDir: string | null;
  logLevel: string;
  /**
   * Which proxies may set X-Forwarded-For (Fastify's trustProxy: addresses, CIDRs, 'loopback'); false trusts
   * none, so a client cannot choose the IP that rate limits count.
   */
  trustProxy: string | false;
  /** Overrides of the default rate limits (decision 004), e.g. for a shop behind one office NAT. */
  rateLimits: Partial<RateLimits>;
  /** SMTP server for outgoing e-mail (smtp://user:pass@host:587); null logs messages instead (decision 008). */
  smtpUrl: string | null;
  /** From header of outgoing e-mail. */
  mailFrom: string;
  /** Absolute base URL of the site, for links in e-mails (no trailing slash). */
  publicUrl: string;
  /**
   * COUNTRY_HEADER: the request header in which the proxy or CDN in front names the visitor's country
   * (Cloudflare's cf-ipcountry, CloudFront's cloudfront-viewer-country), lower case; null reads the region of
   * the browser's language instead (issue 30).
   */
  countryHeader: string | null;
  /** Nominatim-compatible geocoder (GEOCODER_URL), or the embedded gazetteer when null (decision 019). */
  geocoder: GeocoderConfig;
  /** The map's tile server and its attribution (MAP_TILE_URL, MAP_ATTRIBUTION). */
  mapTiles: MapTiles;
  /** Stripe, PayPal, or the embedded sandbox (decision 023). */
  payments: PaymentsConfig;
  /** TAG_MANAGER_ID, ERROR_REPORTING_KEY, ADS_ID, CHAT_WEBSITE_ID; none by default (decision 027). */
  widgets: WidgetSettings;
  /**
   * Web Push (issue 17): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (together, or neither: a pair is then made and
   * kept in the database), VAPID_SUBJECT (mailto: or https:); local push endpoints only off production.
   */
  push: { vapid: VapidConfig; allowLocalEndpoints: boolean };
  /**
   * WhatsApp and SMS to the family and the remitter (issue 29, decision 063): WhatsApp Business Cloud API with
   * WHATSAPP_TOKEN + WHATSAPP_PHONE_NUMBER_ID, an SMS provider with Twilio's REST API with SMS_ACCOUNT_SID +
   * SMS_AUTH_TOKEN + SMS_FROM; with neither, messages are only logged (and listed in the back office).
   */
  messaging: MessagingConfig;
  /**
   * Electronic invoices (issue 32, decision 071): a certified CFE provider at CFE_PROVIDER_URL with the bearer
   * token CFE_PROVIDER_TOKEN (set together); without them documents are issued in a test series, 'Sin validez
   * fiscal'. CFE_MANDADO_RUT is Mandado's RUT on its own documents (shipping, commission).
   */
  invoicing: InvoicingConfig;
  /** Uploaded photos: `<DATA_DIR>/media`, or an S3-compatible bucket when S3_BUCKET is set (decision 041). */
  media: MediaStorageConfig;
  /** PASSWORD_HASHING: 'standard' (the default) or 'fast-for-tests', refused on a published site (decision 049). */
  passwordHashing: PasswordHashing;
  /**
   * Whether operators of administración and pagos must have a second factor before the back office (issue
   * 27, decision 053): always on a published site; STAFF_SECOND_FACTOR=required turns it on locally.
   */
  staffSecondFactorRequired: boolean;
  /** Where e-mails captured without SMTP are written, one file each: `<DATA_DIR>/mail` (decision 055). */
  capturedMailDir: string;
  /** METRICS_TOKEN: the bearer token /metrics asks of scrapers outside this machine; null: loopback only. */
  metricsToken: string | null;
  /** OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_SERVICE_NAME: traces over OTLP/HTTP, or null for none. */
  tracing: { endpoint: string; serviceName: string } | null;
  /** SENTRY_DSN: where unexpected errors are reported, or null; the environment is NODE_ENV's. */
  errorReporting: { dsn: string; serviceName: string; environment: string } | null;
}

const ruleSchema = z.object({
  max: z.number().int().positive(),
  windowSeconds: z.number().int().positive(),
});
const rateLimitsSchema = z.partialRecord(
  z.enum(Object.keys(DEFAULT_RATE_LIMITS) as [keyof RateLimits, ...(keyof RateLimits)[]]),
  ruleSchema,
);

/** RATE_LIMITS='{"loginPerIp":{"max":100,"windowSeconds":300}}'; a mistake stops the start, loudly. */
function parseRateLimits(value: string | undefined): Partial<RateLimits> {
  if (!value) return {};
  const parsed = rateLimitsSchema.safeParse(JSON.parse(value));
  if (!parsed.success) throw new Error(`RATE_LIMITS is not valid: ${parsed.error.message}`);
  return parsed.data;
}

/** An http(s) URL, or the start stops, loudly: a typo here would otherwise surface as a broken map or 503s. */
function httpUrl(name: string, value: string): string {
  if (!/^https?:\/\/[^/?#\s]+/i.test(value)) throw new Error(`${name} must be an http(s) URL: ${value}`);
  return value;
}

/** A setting that needs its partner, or the start stops: half a processor would fail at the first payment. */
function paired(env: NodeJS.ProcessEnv, first: string, second: string): [string, string] | null {
  const a = env[first] ? env[first] : null;
  const b = env[second] ? env[second] : null;
  if (a === null && b === null) return null;
  if (a === null || b === null) throw new Error(`${first} and ${second} must be set together`);
  return [a, b];
}

export interface InvoicingConfig {
  provider: { url: string; token: string } | null;
  mandadoRut: string;
}

/** CFE_PROVIDER_URL + CFE_PROVIDER_TOKEN (together, or neither: the offline test series) and CFE_MANDADO_RUT. */
export function readInvoicingConfig(env: NodeJS.ProcessEnv): InvoicingConfig {
  const provider = paired(env, 'CFE_PROVIDER_URL', 'CFE_PROVIDER_TOKEN');
  return {
    provider: provider
      ? { url: httpUrl('CFE_PROVIDER_URL', provider[0]).replace(/\/+$/, ''), token: provider[1] }
      : null,
    mandadoRut: env.CFE_MANDADO_RUT ?? '',
  };
}

/** WHATSAPP_* and SMS_* (decision 063): each channel is on when its credentials are all set, else off. */
export function readMessagingConfig(env: NodeJS.ProcessEnv): MessagingConfig {
  const whatsapp = paired(env, 'WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID');
  const sms = paired(env, 'SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN');
  if (sms && !env.SMS_FROM) throw new Error('SMS_FROM must be set with SMS_ACCOUNT_SID');
  return {
    whatsapp: whatsapp
      ? {
          token: whatsapp[0],
          phoneNumberId: whatsapp[1],
          apiUrl: (env.WHATSAPP_API_URL
            ? httpUrl('WHATSAPP_API_URL', env.WHATSAPP_API_URL)
            : 'https://graph.facebook.com/v21.0'
          ).replace(/\/+$/, ''),
          appSecret: env.WHATSAPP_APP_SECRET ? env.WHATSAPP_APP_SECRET : null,
          verifyToken: env.WHATSAPP_VERIFY_TOKEN ? env.WHATSAPP_VERIFY_TOKEN : null,
        }
      : null,
    sms: sms
      ? {
          accountSid: sms[0],
          authToken: sms[1],
          from: env.SMS_FROM ?? '',
          apiUrl: (env.SMS_API_URL
            ? httpUrl('SMS_API_URL', env.SMS_API_URL)
            : 'https://api.twilio.com'
          ).replace(/\/+$/, ''),
        }
      : null,
  };
}

/**
 * PAYMENTS: Stripe when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set, PayPal when PAYPAL_CLIENT_ID and
 * PAYPAL_CLIENT_SECRET are; otherwise cards go to the embedded sandbox, which takes no real money. In
 * production (NODE_ENV=production) that would be a shop that cannot get paid, so it starts only when asked for
 * explicitly with PAYMENTS_SANDBOX=1.
 */
/**
 * PUBLIC_URL as a parsed http(s) URL, or the start stops: a value without a scheme ('mandado.uy') would
 * otherwise fail to parse and count as "not published", skipping the payment checks below (issue 16).
 */
export function parsePublicUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL with its scheme (https://…): ${value}`);
  }
  // 'localhost:3000' parses as the scheme 'localhost:': only http and https are sites.
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL with its scheme (https://…): ${value}`);
  }
  return url;
}

/**
 * Whether a host name is this machine: localhost, *.localhost, 127.0.0.0/8 or ::1. The URL parser already
 * normalised it (IPv4 shorthands like 127.1 become 127.0.0.1, IPv6 is compressed and bracketed), so a name
 * that merely starts with '127.' ('127.mandado.uy') is a published site.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]') return true;
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return octets !== null && octets[1] === '127' && octets.slice(2).every((part) => Number(part) <= 255);
}

/** A PUBLIC_URL whose host is not this machine; an unset one is the local default. */
export function isPublishedUrl(value: string | undefined): boolean {
  if (!value) return false;
  return !isLoopbackHost(parsePublicUrl(value).hostname);
}

export function readPaymentsConfig(env: NodeJS.ProcessEnv): PaymentsConfig {
  const stripeKeys = paired(env, 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY');
  if (stripeKeys && !/^(sk|rk)_/.test(stripeKeys[0])) {
    throw new Error('STRIPE_SECRET_KEY must be a secret key (sk_… or rk_…)');
  }
  if (stripeKeys && !stripeKeys[1].startsWith('pk_')) {
    throw new Error('STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_…)');
  }
  const paypal = paired(env, 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET');
  const allowSandboxInProduction = env.PAYMENTS_SANDBOX === '1';
  // "Production" is NODE_ENV=production or a site published at a non-loopback address: `npm start` sets no
  // NODE_ENV, and a shop taking test-mode payments on the internet would ship goods for forged tokens.
  const published = env.NODE_ENV === 'production' || isPublishedUrl(env.PUBLIC_URL);
  if (published && !allowSandboxInProduction) {
    if (!stripeKeys) {
      throw new Error(
        'A published site (NODE_ENV=production or a public PUBLIC_URL) without a card processor: set ' +
          'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or PAYMENTS_SANDBOX=1 to run the test-mode sandbox on ' +
          'purpose (it takes no real money)',
      );
    }
    if (stripeKeys[0].includes('_test_') || stripeKeys[1].includes('_test_')) {
      throw new Error(
        'A published site with Stripe test keys: use live keys, or PAYMENTS_SANDBOX=1 on purpose',
      );
    }
    if (paypal && !env.PAYPAL_API_BASE) {
      throw new Error(
        "A published site with PayPal's sandbox API: set PAYPAL_API_BASE to PayPal's live API, or PAYMENTS_SANDBOX=1",
      );
    }
  }
  return {
    stripe: stripeKeys
      ? {
          secretKey: stripeKeys[0],
          publishableKey: stripeKeys[1],
          webhookSecret: env.STRIPE_WEBHOOK_SECRET ? env.STRIPE_WEBHOOK_SECRET : null,
        }
      : null,
    paypal: paypal
      ? {
          clientId: paypal[0],
          clientSecret: paypal[1],
          apiBase: httpUrl(
            'PAYPAL_API_BASE',
            env.PAYPAL_API_BASE ? env.PAYPAL_API_BASE : PAYPAL_SANDBOX_API_BASE,
          ),
        }
      : null,
    allowSandboxInProduction,
  };
}

/** A whole number within bounds, or the start stops, loudly. */
function boundedInteger(name: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}: ${value}`);
  }
  return number;
}

/**
 * S3_BUCKET turns on object storage, with S3_ENDPOINT (a non-AWS provider), S3_REGION (default us-east-1),
 * S3_ACCESS_KEY_ID with S3_SECRET_ACCESS_KEY (or neither: the SDK's own chain, e.g. an instance role) and
 * S3_FORCE_PATH_STYLE=1 (most self-hosted servers). Without it files go to `<dataRoot>/media`. A partial S3
 * setting stops the start: photos would otherwise pile up on one instance's disk unnoticed.
 */
export function readMediaConfig(env: NodeJS.ProcessEnv, dataRoot: string): MediaStorageConfig {
  const credentials = paired(env, 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY');
  if (!env.S3_BUCKET) {
    const stray = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_FORCE_PATH_STYLE'].find(
      (name) => env[name],
    );
    if (stray)
      throw new Error(`${stray} is set but S3_BUCKET is not: set S3_BUCKET to store media in a bucket`);
    return { kind: 'local', dir: path.resolve(dataRoot, 'media') };
  }
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT ? httpUrl('S3_ENDPOINT', env.S3_ENDPOINT) : null,
    region: env.S3_REGION ? env.S3_REGION : 'us-east-1',
    credentials: credentials ? { accessKeyId: credentials[0], secretAccessKey: credentials[1] } : null,
    forcePathStyle: /^(true|1|yes|on)$/i.test(env.S3_FORCE_PATH_STYLE ?? ''),
  };
}

/** 'false', '0' or 'no' turn a default-on switch off; anything else (or nothing) leaves it on. */
function switchOn(value: string | undefined): boolean {
  return !/^(false|0|no|off)$/i.test(value ?? '');
}

/** The VAPID settings, or the start stops when they are half set or the subject is no mailto:/https: URL. */
export function readPushConfig(env: NodeJS.ProcessEnv): AppConfig['push'] {
  const keys = paired(env, 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY');
  const subject = env.VAPID_SUBJECT ? env.VAPID_SUBJECT : null;
  if (subject !== null && !/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^/?#\s]+)/i.test(subject)) {
    throw new Error(`VAPID_SUBJECT must be a mailto: address or an https: URL: ${subject}`);
  }
  return {
    vapid: { keys: keys ? { publicKey: keys[0], privateKey: keys[1] } : null, subject },
    allowLocalEndpoints: !(env.NODE_ENV === 'production' || isPublishedUrl(env.PUBLIC_URL)),
  };
}

/**
 * PASSWORD_HASHING=fast-for-tests makes new password hashes cheap for the E2E servers (decision 049). A
 * published site (NODE_ENV=production or a public PUBLIC_URL) refuses to start with it: its accounts' hashes
 * must cost an attacker what OWASP asks.
 */
export function readPasswordHashing(env: NodeJS.ProcessEnv): PasswordHashing {
  const value = env.PASSWORD_HASHING;
  if (value === undefined || value === '' || value === 'standard') return 'standard';
  if (value !== 'fast-for-tests') {
    throw new Error(`PASSWORD_HASHING must be 'standard' or 'fast-for-tests': ${value}`);
  }
  if (env.NODE_ENV === 'production' || isPublishedUrl(env.PUBLIC_URL)) {
    throw new Error(
      'PASSWORD_HASHING=fast-for-tests is for test runs: a published site (NODE_ENV=production or a public ' +
        'PUBLIC_URL) hashes passwords at full cost',
    );
  }
  return value;
}

/**
 * STAFF_SECOND_FACTOR: unset (required on a published site, offered elsewhere) or 'required'. A published site
 * cannot turn it off: its operators move money.
 */
export function readStaffSecondFactor(env: NodeJS.ProcessEnv): boolean {
  const value = env.STAFF_SECOND_FACTOR;
  if (value !== undefined && value !== '' && value !== 'required') {
    throw new Error(`STAFF_SECOND_FACTOR must be 'required' or unset: ${value}`);
  }
  return value === 'required' || env.NODE_ENV === 'production' || isPublishedUrl(env.PUBLIC_URL);
}

/** SENTRY_DSN as Sentry writes it (scheme://key@host[:port]/[path/]project), or the start stops, loudly. */
function sentryDsn(value: string): string {
  if (!/^https?:\/\/[^@/\s]+@[^/\s]+\/(?:[^\s]*\/)?\d+$/.test(value)) {
    throw new Error(
      `SENTRY_DSN must look like https://<key>@<host>/<project id>: ${value.replace(/\/\/[^@]*@/, '//…@')}`,
    );
  }
  return value;
}

/** proxy-addr's names for ranges, which Fastify's trustProxy takes besides addresses and CIDRs. */
const TRUST_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY checked at start: Fastify hands a string to proxy-addr, which threw an uncaught TypeError
 * ('invalid IP address: true') from inside buildApp on TRUST_PROXY=true. 'true' (trust every hop) is refused
 * on purpose: any client could then pick the address the rate limits count and /metrics sees.
 */
export function readTrustProxy(value: string | undefined): string | false {
  if (!value) return false;
  for (const entry of value.split(',').map((part) => part.trim())) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const ipVersion = isIP(address);
    const prefixOk =
      prefix === undefined ||
      (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (ipVersion === 4 ? 32 : 128)) ||
      (ipVersion === 4 && isIP(prefix) === 4);
    const ok = TRUST_PROXY_RANGES.includes(entry) || (ipVersion !== 0 && prefixOk && rest.length === 0);
    if (!ok) {
      throw new Error(
        `TRUST_PROXY must list the proxies' addresses or networks (127.0.0.1, 10.0.0.0/8, loopback), not "${entry}"`,
      );
    }
  }
  return value;
}

export const INSTANCE_ROLES = ['all', 'web', 'worker'] as const;
export type InstanceRole = (typeof INSTANCE_ROLES)[number];

export function readRole(value: string | undefined): InstanceRole {
  if (value === undefined || value === '') return 'all';
  const role = INSTANCE_ROLES.find((known) => known === value);
  if (!role) throw new Error(`MANDADO_ROLE must be one of ${INSTANCE_ROLES.join(', ')}, not "${value}"`);
  return role;
}

/** A header name (letters, digits, dashes), lower case as Node hands headers over; unset or empty is none. */
function readCountryHeader(value: string | undefined): string | null {
  if (!value) return null;
  if (!/^[A-Za-z0-9-]+$/.test(value)) throw new Error(`COUNTRY_HEADER must be a header name, not "${value}"`);
  return value.toLowerCase();
}

/** Reads the environment once, at start; nothing else reads process.env. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const root = path.resolve(import.meta.dirname, '../../..');
  const databaseUrl = env.DATABASE_URL;
  const port = Number(env.PORT ?? 3000);
  if (env.PUBLIC_URL) parsePublicUrl(env.PUBLIC_URL);
  const publicUrl = (env.PUBLIC_URL ? env.PUBLIC_URL : `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    database: databaseUrl
      ? {
          databaseUrl,
          // Per instance: N instances hold up to N × this connections, which must fit max_connections.
          poolMax: env.DATABASE_POOL_MAX
            ? boundedInteger('DATABASE_POOL_MAX', env.DATABASE_POOL_MAX, 1, 500)
            : 10,
        }
      : { dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data'), 'pglite') },
    migrateOnStart: switchOn(env.MIGRATE_ON_START),
    role: readRole(env.MANDADO_ROLE),
    drainTimeoutMs:
      1000 *
      (env.DRAIN_TIMEOUT_SECONDS
        ? boundedInteger('DRAIN_TIMEOUT_SECONDS', env.DRAIN_TIMEOUT_SECONDS, 0, 600)
        : 20),
    webDistDir:
      env.WEB_DIST_DIR === '' ? null : path.resolve(env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist')),
    staffDistDir:
      env.STAFF_DIST_DIR === ''
        ? null
        : path.resolve(env.STAFF_DIST_DIR ?? path.join(root, 'apps/staff/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    rateLimits: parseRateLimits(env.RATE_LIMITS),
    smtpUrl: env.SMTP_URL ? env.SMTP_URL : null,
    mailFrom: env.MAIL_FROM ? env.MAIL_FROM : 'Mandado <no-reply@mandado.uy>',
    publicUrl,
    countryHeader: readCountryHeader(env.COUNTRY_HEADER),
    geocoder: {
      url: env.GEOCODER_URL ? httpUrl('GEOCODER_URL', env.GEOCODER_URL) : null,
      // Nominatim's usage policy asks for a User-Agent that identifies the application and a contact.
      userAgent: env.GEOCODER_USER_AGENT ? env.GEOCODER_USER_AGENT : `Mandado/1.0 (+${publicUrl})`,
    },
    mapTiles: {
      url: env.MAP_TILE_URL ? httpUrl('MAP_TILE_URL', env.MAP_TILE_URL) : DEFAULT_MAP_TILES.url,
      attribution: env.MAP_ATTRIBUTION ? env.MAP_ATTRIBUTION : DEFAULT_MAP_TILES.attribution,
    },
    payments: readPaymentsConfig(env),
    widgets: readWidgetSettings(env),
    push: readPushConfig(env),
    messaging: readMessagingConfig(env),
    invoicing: readInvoicingConfig(env),
    media: readMediaConfig(env, env.DATA_DIR ?? path.join(root, 'data')),
    passwordHashing: readPasswordHashing(env),
    staffSecondFactorRequired: readStaffSecondFactor(env),
    capturedMailDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data'), 'mail'),
    metricsToken: env.METRICS_TOKEN ? env.METRICS_TOKEN : null,
    tracing: env.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: httpUrl('OTEL_EXPORTER_OTLP_ENDPOINT', env.OTEL_EXPORTER_OTLP_ENDPOINT),
          serviceName: env.OTEL_SERVICE_NAME ? env.OTEL_SERVICE_NAME : 'mandado-api',
        }
      : null,
    errorReporting: env.SENTRY_DSN
      ? {
          dsn: sentryDsn(env.SENTRY_DSN),
          serviceName: env.OTEL_SERVICE_NAME ? env.OTEL_SERVICE_NAME : 'mandado-api',
          environment: env.NODE_ENV ? env.NODE_ENV : 'development',
        }
      : null,
  };
}
