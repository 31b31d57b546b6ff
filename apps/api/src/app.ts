import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import compress from '@fastify/compress';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { NO_WIDGETS, type WidgetSettings } from '@mandado/shared/third-party-widgets';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from './db/database.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { consentRoutes } from './modules/accounts/consents.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { beneficiariesRoutes } from './modules/beneficiaries/beneficiaries.routes.ts';
import { cardsRoutes } from './modules/cards/cards.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogCaches } from './modules/catalog/catalog.service.ts';
import { crawlerRoutes } from './modules/catalog/crawler.routes.ts';
import { couponsRoutes } from './modules/coupons/coupons.routes.ts';
import { courierRoutes } from './modules/courier/courier.routes.ts';
import { currenciesRoutes } from './modules/currencies/currencies.routes.ts';
import { geoRoutes } from './modules/geo/geo.routes.ts';
import { createGeocoder } from './modules/geo/geo.service.ts';
import type { GeocoderConfig } from './modules/geo/geocoder.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createReadiness, type Readiness } from './modules/health/readiness.ts';
import { helpRoutes } from './modules/help/help.routes.ts';
import { receiptPdfRoutes } from './modules/invoicing/receipt-pdf.routes.ts';
import { locationsRoutes } from './modules/locations/locations.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import {
  createMediaStorage,
  type MediaStorage,
  type MediaStorageConfig,
} from './modules/media/media-storage.ts';
import { merchantRoutes } from './modules/merchant/merchant.routes.ts';
import { productImageRoutes } from './modules/merchant-catalog/merchant-catalog.routes.ts';
import { type MessagingConfig, NO_MESSAGING } from './modules/messages/message-channels.ts';
import { smsWebhookRoutes, whatsAppWebhookRoutes } from './modules/messages/messages.routes.ts';
import { registerHttpTracing } from './modules/observability/http-tracing.ts';
import { instrumentPayments } from './modules/observability/instrumented-payments.ts';
import { registerMetrics } from './modules/observability/metrics.routes.ts';
import { checkoutRoutes } from './modules/orders/checkout.routes.ts';
import { orderHistoryRoutes } from './modules/orders/order-history.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { trackingRoutes } from './modules/orders/tracking.routes.ts';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes.ts';
import { createPayments } from './modules/payments/create-payments.ts';
import { sandboxRoutes } from './modules/payments/sandbox.routes.ts';
import { StripeCardProcessor } from './modules/payments/stripe-processor.ts';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes.ts';
import { personalDataRoutes } from './modules/personal-data/personal-data.routes.ts';
import { receiptRoutes } from './modules/receipts/receipts.routes.ts';
import { referralsRoutes } from './modules/referrals/referrals.routes.ts';
import { returnsRoutes } from './modules/returns/returns.routes.ts';
import { secondFactorRoutes } from './modules/second-factor/second-factor.routes.ts';
import { DEFAULT_MAP_TILES, type MapTiles } from './modules/settings/map-tiles.ts';
import { storeApplicationRoutes } from './modules/store-applications/store-applications.routes.ts';
import { shopperPushRoutes } from './modules/store-inbox/shopper-push.routes.ts';
import { createVapidKeySource, type VapidConfig, type VapidKeys } from './modules/store-inbox/vapid-keys.ts';
import { storeInvitationRoutes } from './modules/store-members/store-members.routes.ts';
import { storeLogoRoutes } from './modules/stores/store-profile.routes.ts';
import { storesRoutes } from './modules/stores/stores.routes.ts';
import { substitutionRoutes } from './modules/substitutions/substitutions.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import type { WebhookAddressPolicy } from './modules/webhooks/webhook-address.ts';
import type { Payments, PaymentsConfig } from './payment-processor.ts';
import { registerErrorHandling } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { loggerOptions } from './plugins/log-redaction.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './plugins/rate-limit.ts';
import {
  type ConcurrencyLimits,
  DEFAULT_CONCURRENCY_LIMITS,
  registerRequestFairness,
} from './plugins/request-fairness.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { DEFAULT_SESSION_LIFETIMES, registerSessions, type SessionLifetimes } from './plugins/session.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { DEFAULT_SERVER_TIMEOUTS, type ServerTimeouts, serverTimeoutOptions } from './server-timeouts.ts';
import { trustedProxyTest } from './trusted-proxy.ts';

// Zod's own messages (wrong type, missing field) in Spanish; our rules carry their own texts.
z.config(z.locales.es());

declare module 'fastify' {
  interface FastifyInstance {
    db: DatabaseHandle['db'];
    /** Absolute base URL of the site, for links in e-mails (decision 008). */
    publicUrl: string;
    /** Tells the mail worker an e-mail was enqueued, so it leaves now rather than at the next poll. */
    kickMailWorker: () => void;
    /** Tells the refund worker a card or PayPal refund was decided, so it leaves within seconds (issue 17). */
    kickRefundWorker: () => void;
    /** Tells the push worker a paid order wrote Web Push messages for store members (issue 17). */
    kickPushWorker: () => void;
    /** The VAPID keys Web Push is signed with: the environment's, or made once and kept in the database. */
    vapidKeys: () => Promise<VapidKeys>;
    /** Whether members may subscribe with a local push service's http://localhost endpoint (never in production). */
    allowLocalPushEndpoints: boolean;
    /** The map's tile server, served in the public settings (decision 019). */
    mapTiles: MapTiles;
    /** The card processor (sandbox or Stripe) and PayPal when configured (decision 023). */
    payments: Payments;
    /** Third-party widgets from the configuration, served in the public settings (decision 027). */
    widgets: WidgetSettings;
    /** Uploaded photos: local files or an S3-compatible bucket (decision 041). */
    media: MediaStorage;
    /** Tells the webhook worker deliveries were written, so they leave now rather than at the next poll. */
    kickWebhookWorker: () => void;
    /** Which addresses partners' webhook endpoints may have (issue 19): loopback only in development and tests. */
    webhookPolicy: WebhookAddressPolicy;
    /** Operators of administración and pagos need a second factor for /v1/admin (decision 053). */
    staffSecondFactorRequired: boolean;
  }
}

export interface BuildAppOptions {
  database: DatabaseHandle;
  rateLimits?: Partial<RateLimits>;
  /** Requests in progress per session and per client (decision 014). */
  concurrencyLimits?: Partial<ConcurrencyLimits>;
  /** Deadlines for slow clients (decision 014); tests shorten them. */
  serverTimeouts?: Partial<ServerTimeouts>;
  sessionLifetimes?: SessionLifetimes;
  webDistDir?: string | null;
  /** The built staff app (issue 17), served at its areas' paths beside the shop; null or absent: none. */
  staffDistDir?: string | null;
  logLevel?: string;
  trustProxy?: string | false;
  /** Base of links in e-mails; tests use the default. */
  publicUrl?: string;
  /** COUNTRY_HEADER: the header where the proxy in front names the visitor's country (issue 30); null: none. */
  countryHeader?: string | null;
  /** Called after a route enqueued an e-mail; the server wires it to its mail worker, tests drain their own. */
  kickMailWorker?: () => void;
  /** Called after a committed change decided a processor refund; the server wires it to its refund worker. */
  kickRefundWorker?: () => void;
  /** Called after a committed change wrote push_outbox rows; the server wires it to its push worker. */
  kickPushWorker?: () => void;
  /** VAPID keys and subject from the configuration, and whether local push endpoints are accepted (tests: yes). */
  push?: { vapid: VapidConfig; allowLocalEndpoints: boolean };
  /** GEOCODER_URL and its User-Agent; by default the embedded gazetteer (decision 019). */
  geocoder?: GeocoderConfig;
  /** MAP_TILE_URL and its attribution; by default OpenStreetMap's tile server. */
  mapTiles?: MapTiles;
  /** Processors from the configuration; by default the embedded sandbox and no PayPal. */
  paymentsConfig?: PaymentsConfig;
  /** Tests inject their own processors (a failing one, a fake Stripe). */
  payments?: Payments;
  /** Third-party widgets (tag manager, error reporting, ads, chat); by default none. */
  widgets?: WidgetSettings;
  /** Where uploaded photos go, from the configuration (the server passes `<DATA_DIR>/media` or S3). */
  mediaConfig?: MediaStorageConfig;
  /** A storage built by the caller (a test's bucket); wins over mediaConfig. */
  media?: MediaStorage;
  /** Called after a committed change wrote webhook deliveries; the server wires it to its webhook worker. */
  kickWebhookWorker?: () => void;
  /** Whether webhook endpoints on localhost / 127.0.0.1 are accepted and called (tests, development); default no. */
  webhooks?: WebhookAddressPolicy;
  /** Second factor required for money and people operators (a published site); default no (tests, local). */
  staffSecondFactorRequired?: boolean;
  /** WhatsApp and SMS providers (decision 063): their signed callbacks are served when configured. */
  messaging?: MessagingConfig;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** METRICS_TOKEN: what /metrics asks of scrapers outside this machine; null or absent: loopback only. */
  metricsToken?: string | null;
  /** A span per request (the server turns it on with OTEL_EXPORTER_OTLP_ENDPOINT); default off. */
  tracing?: boolean;
  /** Draining and the workers' state for GET /ready (issue 27); the server owns it, tests flip it. */
  readiness?: Readiness;
  /**
   * What the HTTP server offers: 'all' (the API, the apps, the photos) or 'health' (a MANDADO_ROLE=worker
   * instance: only the probes and /metrics, registered above). Either way the app carries everything the
   * workers use.
   */
  surface?: 'all' | 'health';
}

/** An id a proxy in front already gave the request: kept when sane, so its logs and ours line up. */
const FORWARDED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Without a media setting (tests, benches) photos go to a directory of this app's own that is removed when it
 * closes: nothing lands in the repository's ./data, and parallel test files never share files.
 */
function temporaryMedia(app: FastifyInstance): MediaStorageConfig {
  const dir = path.join(tmpdir(), `mandado-media-${randomUUID()}`);
  app.addHook('onClose', async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return { kind: 'local', dir };
}

/** Builds the whole application without listening, so tests drive it with `app.inject()`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const trustProxy = options.trustProxy ?? false;
  const isTrustedProxy = trustedProxyTest(trustProxy);
  const app = Fastify({
    // Tokens in paths, query values, secrets in headers and stray e-mails never reach the logs (issue 27).
    logger: loggerOptions(options.logLevel ?? 'silent', {
      stream: options.logStream,
      traceIds: options.tracing ?? false,
    }),
    // Every log line of a request carries its id (reqId), which the answer's X-Request-Id repeats. A trusted
    // proxy's id is kept; a client's own is not, so nobody can make their requests look like someone else's.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      // The peer itself must be a trusted proxy: with TRUST_PROXY set, a client reaching the port directly, or
      // through a proxy that passes the header on, would otherwise choose its own id.
      return isTrustedProxy(request.socket.remoteAddress ?? '') &&
        typeof given === 'string' &&
        FORWARDED_REQUEST_ID.test(given)
        ? given
        : randomUUID();
    },
    bodyLimit: 64 * 1024,
    // Ids and search terms arrive in paths and query strings; nothing legitimate is this long.
    routerOptions: { ignoreDuplicateSlashes: true, maxParamLength: 200 },
    trustProxy,
    // A request arriving on a kept-alive connection while the server drains (SIGTERM) is served, not refused
    // with a 503: the drain tells that client to close instead (issue 27).
    return503OnClosing: false,
    ...serverTimeoutOptions({ ...DEFAULT_SERVER_TIMEOUTS, ...options.serverTimeouts }),
    // Failures before routing (a path parameter too long, a malformed URL) are requests for nothing we have.
    frameworkErrors: (_error, request, reply: FastifyReply) =>
      reply.status(404).header('x-request-id', request.id).send({ detail: SERVER_MESSAGES.routeNotFound }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', options.database.db);
  app.decorate('rateLimits', { ...DEFAULT_RATE_LIMITS, ...options.rateLimits });
  app.decorate('publicUrl', options.publicUrl ?? 'http://localhost:3000');
  app.decorate('kickMailWorker', options.kickMailWorker ?? (() => {}));
  app.decorate('kickRefundWorker', options.kickRefundWorker ?? (() => {}));
  app.decorate('kickPushWorker', options.kickPushWorker ?? (() => {}));
  app.decorate('kickWebhookWorker', options.kickWebhookWorker ?? (() => {}));
  app.decorate('webhookPolicy', options.webhooks ?? { allowLoopback: false });
  app.decorate('staffSecondFactorRequired', options.staffSecondFactorRequired ?? false);
  app.decorate(
    'vapidKeys',
    createVapidKeySource(options.database.db, options.push?.vapid ?? { keys: null, subject: null }),
  );
  app.decorate('allowLocalPushEndpoints', options.push?.allowLocalEndpoints ?? true);
  const mapTiles = options.mapTiles ?? DEFAULT_MAP_TILES;
  app.decorate('mapTiles', mapTiles);
  app.decorate('widgets', options.widgets ?? NO_WIDGETS);
  // Measured once here, whichever processors are behind the port (decision 055).
  app.decorate('payments', instrumentPayments(options.payments ?? createPayments(options.paymentsConfig)));
  app.decorate('media', options.media ?? createMediaStorage(options.mediaConfig ?? temporaryMedia(app)));
  // JSON only: a text body is refused with 415 instead of reaching validation as a string.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  if (options.tracing) registerHttpTracing(app);
  registerMetrics(app, {
    database: options.database,
    token: options.metricsToken ?? null,
    isTrustedProxy,
  });
  registerErrorHandling(app);
  registerInputGuard(app);
  await registerSecurityHeaders(app, mapTiles.url, {
    stripe: app.payments.card.name === 'stripe',
    widgets: app.widgets,
  });
  await app.register(compress, { threshold: 1024 });
  await registerOpenApi(app);
  // Before the sessions: a caller over its share is refused without the session lookup's query.
  registerRequestFairness(app, { ...DEFAULT_CONCURRENCY_LIMITS, ...options.concurrencyLimits });
  await registerSessions(app, options.sessionLifetimes ?? DEFAULT_SESSION_LIFETIMES);

  // The probes, outside /v1: no session, no CSRF, no rate limit, on every role (issue 27).
  const readiness = options.readiness ?? createReadiness();
  // One copy of the catalog caches per instance, for the catalog routes and the browse pages' HTML.
  const catalogCaches = createCatalogCaches();
  await app.register(healthRoutes, { database: options.database, readiness });
  app.addHook('onRequest', async (_request, reply) => {
    // A keep-alive client that sends one more request while this instance drains is served, then told to
    // reconnect (through the proxy, to another instance).
    if (readiness.draining) reply.header('connection', 'close');
  });
  if (options.surface === 'health') {
    app.setNotFoundHandler(async (_request, reply) =>
      reply.status(404).send({ detail: SERVER_MESSAGES.routeNotFound }),
    );
    return app;
  }

  await app.register(
    async (v1) => {
      await v1.register(accountsRoutes);
      await v1.register(consentRoutes);
      await v1.register(passwordResetRoutes);
      await v1.register(secondFactorRoutes);
      await v1.register(locationsRoutes, { countryHeader: options.countryHeader ?? null });
      await v1.register(storesRoutes);
      await v1.register(catalogRoutes, { caches: catalogCaches });
      await v1.register(currenciesRoutes);
      await v1.register(ordersRoutes);
      await v1.register(orderHistoryRoutes);
      await v1.register(trackingRoutes);
      await v1.register(substitutionRoutes);
      // The shopper's 'Avisarme en este teléfono' (decision 073).
      await v1.register(shopperPushRoutes);
      // Returns (issue 32, decision 076): 'Mis Compras', the tracking link and the reverse pickup's link.
      await v1.register(returnsRoutes);
      await v1.register(receiptRoutes);
      await v1.register(walletRoutes);
      await v1.register(personalDataRoutes);
      await v1.register(referralsRoutes);
      await v1.register(cardsRoutes);
      await v1.register(cartRoutes);
      await v1.register(checkoutRoutes);
      await v1.register(receiptPdfRoutes);
      await v1.register(couponsRoutes);
      await v1.register(sandboxRoutes);
      // Only where Stripe takes the cards and its webhook secret lets us check who is calling.
      if (app.payments.card instanceof StripeCardProcessor && app.payments.card.acceptsWebhooks) {
        await v1.register(stripeWebhookRoutes, { processor: app.payments.card });
      }
      // The messaging providers' signed callbacks (issue 29): only for a channel that is configured.
      const messaging = options.messaging ?? NO_MESSAGING;
      if (messaging.whatsapp?.appSecret) {
        await v1.register(whatsAppWebhookRoutes, { whatsapp: messaging.whatsapp });
      }
      if (messaging.sms)
        await v1.register(smsWebhookRoutes, { sms: messaging.sms, publicUrl: app.publicUrl });
      await v1.register(geoRoutes, {
        geocoder: createGeocoder(options.geocoder ?? { url: null, userAgent: '' }, app.db),
      });
      await v1.register(beneficiariesRoutes);
      await v1.register(helpRoutes);
      // The courier's link (issue 17): no account, the token is the credential.
      await v1.register(courierRoutes);
      // A store's invitation link (issue 18): the token names the invitation; accepting needs a session.
      await v1.register(storeInvitationRoutes);
      // 'Vende en Mandado' (issue 18): anyone may apply.
      await v1.register(storeApplicationRoutes);
      // Staff areas, each guarded once by its plugin's hook (decision 012).
      await v1.register(merchantRoutes, { prefix: '/merchant' });
      await v1.register(adminRoutes, { prefix: '/admin' });
    },
    { prefix: '/v1' },
  );
  // robots.txt and /sitemap.xml (issue 30), before the web app's catch-all 404 handler.
  await app.register(crawlerRoutes);
  await app.register(mediaRoutes);
  await app.register(productImageRoutes);
  await app.register(storeLogoRoutes);
  await registerWebApp(app, options.webDistDir ?? null, options.staffDistDir ?? null, catalogCaches);
  return app;
}
