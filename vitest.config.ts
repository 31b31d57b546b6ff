import { defineConfig } from 'vitest/config';

/**
 * The API files whose outcome depends on the database engine (decision 035). CI runs the whole API suite on
 * PostgreSQL and only these on PGlite (project `api-engine`), where each says something the other engine could
 * get wrong:
 * - search: accent folding and typo tolerance come from extensions PGlite builds in and PostgreSQL loads;
 * - orders-race, orders-idempotency: concurrent placements on one connection (PGlite) or a pool (PostgreSQL);
 * - mail: the outbox lease (`for update skip locked`) and its claims by two workers at once;
 * - rate-limit: counters kept by upserts, concurrent requests, windows computed in SQL;
 * - request-fairness: a test holds a table lock, which blocks differently on one connection;
 * - seed: the demo catalog the server loads on an empty PGlite at start;
 * - refunds-property: concurrent refund decisions on one store order never exceed what was paid (row locks);
 * - media-sweep: two sweeps at once share the orphan photos (`for update skip locked`), a save races a sweep.
 * - openapi-fuzz: malformed input on every operation must be a 4xx on both engines (issue 27): a bad value
 *   that slips past zod reaches SQL, and PGlite and PostgreSQL refuse different things differently.
 * A new file that races transactions, takes locks or uses an extension belongs here too.
 */
export const ENGINE_SENSITIVE_API_FILES = [
  'apps/api/test/search.test.ts',
  'apps/api/test/orders-race.test.ts',
  'apps/api/test/orders-idempotency.test.ts',
  'apps/api/test/mail.test.ts',
  'apps/api/test/rate-limit.test.ts',
  'apps/api/test/request-fairness.test.ts',
  'apps/api/test/seed.test.ts',
  'apps/api/test/refunds-property.test.ts',
  'apps/api/test/media-sweep.test.ts',
  'apps/api/test/openapi-fuzz.test.ts',
  'apps/api/test/backup-restore.test.ts',
  'apps/api/test/substitutions-race.test.ts',
  // A window's last places taken by shoppers at once (decision 065): the advisory lock on PostgreSQL.
  'apps/api/test/delivery-windows.test.ts',
  // Two 'Recibida' of one return at once refund once (decision 076): the return's row lock.
  'apps/api/test/returns-race.test.ts',
];

const apiTest = {
  globalSetup: ['apps/api/test/global-setup.ts'],
  // One module graph per worker, not per file: importing the app (Fastify, every module, the schemas) cost
  // some 4 s a file, 290 s of the PostgreSQL suite. Each file still builds its own app on its own copy of the
  // database (createTestApp), and the API keeps nothing that matters in module state (the scale path).
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    projects: [
      // Pure functions with no module state worth resetting: one module graph per worker instead of one per
      // file saves most of these projects' time (decision 035). fast-check properties run hundreds of cases:
      // 5 s is too tight when the machine is busy (CI runs these beside E2E).
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'web',
          include: [
            'apps/web/src/**/*.test.ts',
            'packages/web-kit/src/**/*.test.ts',
            'apps/staff/src/**/*.test.ts',
          ],
          isolate: false,
        },
      },
      // Forms and dialogs rendered with React Testing Library in happy-dom (decision 060): what a form or a
      // dialog does by itself, without a server or a browser. Only the network is stubbed (a fetch stub with the
      // API's real answers); the browser-owned parts of <dialog> (Escape becomes `cancel`, the inert page) stay
      // in E2E. One environment per file: a form's module state (the query client, stores) must not leak.
      {
        test: {
          name: 'components',
          include: [
            'apps/web/src/**/*.test.tsx',
            'packages/web-kit/src/**/*.test.tsx',
            'apps/staff/src/**/*.test.tsx',
          ],
          environment: 'happy-dom',
          // A form typed key by key takes a second or two; CI runs these beside E2E on a busy machine.
          testTimeout: 15_000,
          setupFiles: ['packages/web-kit/src/testing/component-setup.ts'],
        },
      },
      // Every API file: on PostgreSQL when DATABASE_URL is set, on PGlite otherwise.
      { test: { name: 'api', include: ['apps/api/**/*.test.ts'], ...apiTest } },
      // The engine-sensitive files only; `npm run test:api:engine` clears DATABASE_URL so they run on PGlite.
      { test: { name: 'api-engine', include: ENGINE_SENSITIVE_API_FILES, ...apiTest } },
    ],
  },
});
