import { buildApp } from './app.ts';
import { isPublishedUrl, readConfig } from './config.ts';
import { type BackupSocket, backupSocketPath, startBackupSocket } from './db/backup-socket.ts';
import { isConnectionLost } from './db/connection-loss.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { isCatalogEmpty } from './db/seed/catalog-state.ts';
import {
  DEMO_MERCHANT_EMAIL,
  DEMO_OPERATOR_EMAIL,
  DEMO_REVIEWER_EMAIL,
  demoStaffPassword,
  seedDemoStaff,
} from './db/seed/demo-staff.ts';
import { seedDemoCatalog } from './db/seed/seed.ts';
import { drainInstance } from './drain.ts';
import { retentionSweepJob } from './flows/retention-sweep.flow.ts';
import { type Jobs, roleRunsJobs, startJobs } from './jobs/jobs.ts';
import { setPasswordHashing } from './modules/accounts/password-hashing.ts';
import { processorErasureJob } from './modules/cards/cards-erasure.service.ts';
import { createReadiness } from './modules/health/readiness.ts';
import { httpCfeProvider, offlineCfeProvider } from './modules/invoicing/cfe-provider.ts';
import { invoicingJob } from './modules/invoicing/invoicing-worker.ts';
import { createMailTransport } from './modules/mail/mail-transport.ts';
import { mailJob } from './modules/mail/mail-worker.ts';
import { photoSweepJob } from './modules/media/product-photos.service.ts';
import { messagesJob } from './modules/messages/messages-worker.ts';
import { setErrorReporter } from './modules/observability/error-reporting.ts';
import { orderExpiryJobs } from './modules/orders/order-expiry.ts';
import { ordersContextOf } from './modules/orders/orders-context.ts';
import { refundJob } from './modules/refunds/refund-worker.ts';
import { pushJob } from './modules/store-inbox/push-worker.ts';
import { unacceptedAlertJob } from './modules/store-inbox/unaccepted-alert.service.ts';
import { substitutionWaitJob } from './modules/substitutions/substitution-wait-job.ts';
import { webhookJob } from './modules/webhooks/webhook-worker.ts';

const config = readConfig();
// Loaded only when configured (decision 055): without OTEL_EXPORTER_OTLP_ENDPOINT and SENTRY_DSN the server
// imports neither SDK and its spans and reports are the API's no-ops.
const tracing = config.tracing
  ? (await import('./modules/observability/tracing-sdk.ts')).startTracing(config.tracing)
  : null;
const errorReporter = config.errorReporting
  ? (await import('./modules/observability/sentry-reporter.ts')).createSentryReporter(config.errorReporting)
  : null;
setErrorReporter(errorReporter);
setPasswordHashing(config.passwordHashing);
if (config.passwordHashing === 'fast-for-tests') {
  console.warn('PASSWORD_HASHING=fast-for-tests: new password hashes are cheap, for test runs only');
}
let database: DatabaseHandle;
try {
  database = await openDatabase(config.database);
} catch (error) {
  // A second server on the same DATA_DIR: say so plainly instead of a stack trace (issue 16).
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
if (database.engine === 'pglite' && config.role !== 'all') {
  // One process owns an embedded database: a web-only one would never send its e-mails, a worker-only one
  // would serve no shop.
  console.error(
    `MANDADO_ROLE=${config.role} needs PostgreSQL (DATABASE_URL); the embedded database runs 'all'`,
  );
  await database.close();
  process.exit(1);
}
// Several instances may start at once: migrate() holds an advisory lock, so each migration runs once. A
// deployment that migrates as a release step turns this off (MIGRATE_ON_START=false, decision 036).
if (config.migrateOnStart) await database.migrate();
// The embedded database seeds itself on first start so `npm start` gives a working shop; a PostgreSQL
// deployment is seeded explicitly with `npm run db:seed`.
if (database.engine === 'pglite' && (await isCatalogEmpty(database.db))) {
  await seedDemoCatalog(database.db);
  // The demo's store owner and operator (issue 17), on a local site only: a published site's staff are real.
  if (process.env.NODE_ENV !== 'production' && !isPublishedUrl(process.env.PUBLIC_URL)) {
    const password = demoStaffPassword();
    await seedDemoStaff(database.db, password);
    if (!process.env.DEMO_STAFF_PASSWORD) {
      console.log(
        `Cuentas de demostración: ${DEMO_MERCHANT_EMAIL} (comercio), ${DEMO_OPERATOR_EMAIL} y ${DEMO_REVIEWER_EMAIL} (operadores), contraseña ${password}`,
      );
    }
  }
}

// The jobs start once the server listens (buildApp never starts one); earlier kicks are no-ops and the
// first passes send whatever was enqueued. A 'web' instance runs none: a 'worker' (or 'all') instance's polls
// pick up what it writes (issue 27).
const runsWorkers = roleRunsJobs(config.role);
let jobs: Jobs | null = null;
const readiness = createReadiness();
if (runsWorkers) {
  readiness.workerProblems = () => jobs?.problems() ?? ['workers-not-running'];
}
const app = await buildApp({
  database,
  webDistDir: config.webDistDir,
  staffDistDir: config.staffDistDir,
  logLevel: config.logLevel,
  trustProxy: config.trustProxy,
  rateLimits: config.rateLimits,
  publicUrl: config.publicUrl,
  countryHeader: config.countryHeader,
  geocoder: config.geocoder,
  mapTiles: config.mapTiles,
  widgets: config.widgets,
  paymentsConfig: config.payments,
  mediaConfig: config.media,
  // The flows that write a WhatsApp or SMS row (decision 063) kick the mail worker after their commit too:
  // one kick sends both, rather than a new kick threaded through every flow's dependencies.
  kickMailWorker: () => {
    jobs?.kick('mail');
    jobs?.kick('messages');
  },
  kickRefundWorker: () => jobs?.kick('refunds'),
  kickPushWorker: () => jobs?.kick('push'),
  kickWebhookWorker: () => jobs?.kick('webhooks'),
  // Partners' endpoints on this machine only where local push services are allowed: never in production.
  webhooks: { allowLoopback: config.push.allowLocalEndpoints },
  push: config.push,
  staffSecondFactorRequired: config.staffSecondFactorRequired,
  metricsToken: config.metricsToken,
  messaging: config.messaging,
  tracing: tracing !== null,
  readiness,
  surface: config.role === 'worker' ? 'health' : 'all',
});
if (config.media.kind === 'local' && 'databaseUrl' in config.database) {
  // Several instances on one PostgreSQL each see only their own disk: a photo uploaded to one is missing on the
  // others unless the directory is shared or S3_BUCKET is set (decision 041).
  app.log.warn(`Photos are stored in ${config.media.dir}: with several instances, share it or set S3_BUCKET`);
}
if (!config.smtpUrl) {
  // Fine on a laptop; on a server it means nobody receives mail and reset links sit in the log.
  app.log.warn(`SMTP_URL is not set: e-mails are not sent but written to files in ${config.capturedMailDir}`);
}
if (!config.messaging.whatsapp && !config.messaging.sms) {
  app.log.warn('No WHATSAPP_TOKEN or SMS_ACCOUNT_SID: WhatsApp and SMS to families are logged, not sent');
}
if (!config.payments.stripe) {
  // The default: cards go to the embedded test-mode sandbox (decision 023); readConfig already refused it in
  // production unless PAYMENTS_SANDBOX=1 asked for it.
  app.log.warn('No STRIPE_SECRET_KEY: card payments use the embedded sandbox (test mode, no real money)');
} else if (!config.payments.stripe.webhookSecret) {
  app.log.warn(
    'STRIPE_WEBHOOK_SECRET is not set: no Stripe webhook, payments land only when the shopper returns to confirm',
  );
}
// `npm run db:backup` beside this server on the embedded database: it asks for a dump here (decision 056).
let backupSocket: BackupSocket | null = null;
app.addHook('onClose', async () => {
  await backupSocket?.close();
});
const mailTransport = createMailTransport({
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  log: app.log,
  capturedMailDir: config.capturedMailDir,
});
/** Stops every job, waiting for the passes in progress; unsent rows they had claimed are given back. */
async function stopWorkers(): Promise<void> {
  await jobs?.stop();
}

// SIGTERM (a rolling restart, a scale-down) or Ctrl-C: drain, then end (issue 27).
let draining = false;
async function shutdown(signal: string): Promise<void> {
  if (draining) return;
  draining = true;
  app.log.info({ signal }, 'stopping');
  await drainInstance({
    app,
    readiness,
    stopWorkers,
    closeDatabase: async () => {
      mailTransport.close();
      await database.close();
      // What is still buffered leaves before the process does (decision 055).
      await tracing?.shutdown();
      await errorReporter?.close(2000);
    },
    timeoutMs: config.drainTimeoutMs,
  });
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
// A statement whose connection died rejects; one no caller awaited (a fire-and-forget write) must not end a
// process that serves again as soon as the database is back. Any other unhandled rejection still does.
process.on('unhandledRejection', (reason) => {
  if (!isConnectionLost(reason)) throw reason;
  app.log.warn({ err: reason }, 'database connection lost outside a request');
});

await app.listen({ port: config.port, host: config.host });
if ('dataDir' in config.database && database.dumpDataDir) {
  const socketPath = backupSocketPath(config.database.dataDir);
  backupSocket = await startBackupSocket({ socketPath, dump: database.dumpDataDir, log: app.log });
  if (!backupSocket) app.log.warn(`DATA_DIR is too deep for ${socketPath}: back up with the server stopped`);
}
if (runsWorkers) startWorkers();
if (config.role === 'worker') {
  console.log(
    `Mandado (MANDADO_ROLE=worker) trabaja en segundo plano; /health y /ready en el puerto ${config.port}`,
  );
} else {
  console.log(
    `Mandado está listo en http://localhost:${config.port} (API en /v1, documentación en /v1/docs)`,
  );
}

function startWorkers(): void {
  jobs = startJobs(
    [
      mailJob({ db: database.db, transport: mailTransport, log: app.log }),
      // Unpaid transfers and abandoned card payments give their stock back (decision 021); state lives in the
      // database.
      ...orderExpiryJobs({ ctx: ordersContextOf(app), log: app.log }),
      // Card and PayPal refunds go back through their processor, retried with back-off (issue 17, decision 040).
      refundJob({
        db: database.db,
        payments: app.payments,
        log: app.log,
        publicUrl: app.publicUrl,
        kickMailWorker: () => jobs?.kick('mail'),
      }),
      // Web Push to store members' phones when an order is paid (issue 17).
      pushJob({
        db: database.db,
        keys: app.vapidKeys,
        log: app.log,
        endpoints: { allowLocalEndpoints: app.allowLocalPushEndpoints },
      }),
      // Product photos no product or order line has used for a day (dropped with 'Quitar', a form never saved)
      // go, file and row; every instance may sweep, row locks keep them apart (issue 18).
      photoSweepJob({ db: database.db, media: app.media, log: app.log }),
      // A paid order left unaccepted past the setting's minutes alerts the store's team again (issue 31).
      unacceptedAlertJob({ db: database.db, log: app.log }),
      // Proof photos, delivery messages and the recipient's phones, personal_data_retention_days after the
      // delivery (issue 32, decision 072).
      retentionSweepJob({ db: database.db, media: app.media, log: app.log }),
      // Partners' signed webhooks (issue 19): deliveries written with their events, retried for 24 hours.
      webhookJob({ db: database.db, log: app.log, policy: app.webhookPolicy }),
      // WhatsApp and SMS to the family and the remitter (issue 29): quiet hours, opt-outs, retries.
      messagesJob({ db: database.db, log: app.log, messaging: config.messaging, publicUrl: app.publicUrl }),
      // A substitute nobody answered in time gets the preference recorded at checkout (issue 29, decision 062).
      substitutionWaitJob({
        db: database.db,
        publicUrl: app.publicUrl,
        kickMailWorker: () => jobs?.kick('mail'),
        kickRefundWorker: () => jobs?.kick('refunds'),
      }),
      // A deleted account's customer at the card processor, deleted there with retries (decision 082).
      processorErasureJob({ db: database.db, card: app.payments.card, log: app.log }),
      // Electronic invoices (issue 32, decision 071): the certified provider, or the offline test series.
      invoicingJob({
        db: database.db,
        log: app.log,
        provider: config.invoicing.provider ? httpCfeProvider(config.invoicing.provider) : offlineCfeProvider,
        mandadoRut: config.invoicing.mandadoRut,
      }),
    ],
    app.log,
  );
  // Rows left pending by a previous run, or enqueued before listen, go out now.
  for (const outbox of ['mail', 'refunds', 'push', 'webhooks', 'messages']) jobs.kick(outbox);
}
