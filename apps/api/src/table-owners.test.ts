import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableName, is, Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as accountsSchema from './db/schema/accounts.ts';
import * as backOfficeSchema from './db/schema/back-office.ts';
import * as beneficiariesSchema from './db/schema/beneficiaries.ts';
import * as cartSchema from './db/schema/cart.ts';
import * as catalogSchema from './db/schema/catalog.ts';
import * as couponsSchema from './db/schema/coupons.ts';
import * as currenciesSchema from './db/schema/currencies.ts';
import * as fulfilmentSchema from './db/schema/fulfilment.ts';
import * as helpSchema from './db/schema/help.ts';
import * as invoicingSchema from './db/schema/invoicing.ts';
import * as locationsSchema from './db/schema/locations.ts';
import * as mailSchema from './db/schema/mail.ts';
import * as mediaSchema from './db/schema/media.ts';
import * as messagesSchema from './db/schema/messages.ts';
import * as ordersSchema from './db/schema/orders.ts';
import * as paymentsSchema from './db/schema/payments.ts';
import * as rateLimitsSchema from './db/schema/rate-limits.ts';
import * as receiptsSchema from './db/schema/receipts.ts';
import * as referralsSchema from './db/schema/referrals.ts';
import * as returnsSchema from './db/schema/returns.ts';
import * as settingsSchema from './db/schema/settings.ts';
import * as staffSchema from './db/schema/staff.ts';
import * as substitutionsSchema from './db/schema/substitutions.ts';
import * as walletSchema from './db/schema/wallet.ts';

/**
 * One writer per table (issue 28, decision 057): every table has one owner module, and only that module's
 * repositories INSERT into, UPDATE or DELETE from it. Another module changes it through the owner's service;
 * reads across modules are free (shared ones live in `*.sql.ts` fragments).
 */
const SRC = import.meta.dirname;

const SCHEMA_FILES = [
  accountsSchema,
  backOfficeSchema,
  beneficiariesSchema,
  cartSchema,
  catalogSchema,
  couponsSchema,
  currenciesSchema,
  fulfilmentSchema,
  helpSchema,
  invoicingSchema,
  locationsSchema,
  mailSchema,
  mediaSchema,
  messagesSchema,
  ordersSchema,
  paymentsSchema,
  rateLimitsSchema,
  receiptsSchema,
  referralsSchema,
  settingsSchema,
  staffSchema,
  returnsSchema,
  substitutionsSchema,
  walletSchema,
];

/** The Drizzle variable name → SQL table name of every table in the schema. */
function schemaTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of SCHEMA_FILES) {
    for (const [name, value] of Object.entries(file)) {
      if (is(value, Table)) tables.set(name, getTableName(value));
    }
  }
  return tables;
}

/** A write found in a repository: the module it is in, the table, and where. */
interface TableWrite {
  module: string;
  table: string;
  file: string;
}

/**
 * The tables a source writes: Drizzle's `.insert(x)`, `.update(x)`, `.delete(x)` on a schema variable, and
 * raw SQL's `insert into`, `update`, `delete from` naming a table (`${x}` or its SQL name). Names that are no
 * table (`do update set`, `for update skip locked`) are not counted.
 */
export function writtenTables(source: string, tables: ReadonlyMap<string, string>): Set<string> {
  const sqlNames = new Set(tables.values());
  // A repository may name a table shortly (`const t = loginThrottles;`).
  const names = new Map(tables);
  for (const match of source.matchAll(/\bconst\s+(\w+)\s*=\s*(\w+)\s*;/g)) {
    const table = tables.get(match[2] ?? '');
    if (table) names.set(match[1] ?? '', table);
  }
  const found = new Set<string>();
  for (const match of source.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = names.get(match[1] ?? '');
    if (table) found.add(table);
  }
  for (const match of source.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+(?:\$\{(\w+)\}|(\w+))/gi)) {
    const table = match[1] !== undefined ? names.get(match[1]) : match[2];
    if (table && sqlNames.has(table)) found.add(table);
  }
  return found;
}

function repositoryFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return repositoryFiles(full);
    return entry.name.endsWith('.repository.ts') ? [full] : [];
  });
}

/** Every table write in the repositories under `modulesDir`, by module. */
export function repositoryWrites(modulesDir: string, tables: ReadonlyMap<string, string>): TableWrite[] {
  return repositoryFiles(modulesDir).flatMap((file) => {
    const module = path.relative(modulesDir, file).split(path.sep)[0] ?? '';
    return [...writtenTables(readFileSync(file, 'utf8'), tables)].map((table) => ({
      module,
      table,
      file: path.relative(modulesDir, file),
    }));
  });
}

/**
 * Every table's owner module (a folder of modules/): the one whose repositories may write it. Tables written
 * only by migrations, triggers or the seed still name the module that reads them as their home.
 */
const TABLE_OWNERS: Record<string, string> = {
  users: 'accounts',
  consents: 'accounts',
  sessions: 'sessions',
  password_reset_tokens: 'password-reset',
  login_throttles: 'accounts',
  second_factors: 'second-factor',
  recovery_codes: 'second-factor',
  order_notes: 'admin-orders',
  bank_statement_imports: 'bank-statements',
  bank_statement_rows: 'bank-statements',
  shipping_statement_payments: 'store-statements',
  support_replies: 'help',
  webhook_endpoints: 'webhooks',
  webhook_deliveries: 'webhooks',
  webhook_attempts: 'webhooks',
  delivery_zones: 'geo',
  currency_rate_overrides: 'currencies',
  beneficiaries: 'beneficiaries',
  carts: 'cart',
  cart_lines: 'cart',
  departments: 'locations',
  cities: 'locations',
  stores: 'stores',
  store_cities: 'stores',
  categories: 'merchant-catalog',
  products: 'merchant-catalog',
  search_words: 'catalog',
  catalog_revision: 'catalog',
  store_catalog_revisions: 'catalog',
  coupons: 'coupons',
  coupon_redemptions: 'coupons',
  currencies: 'currencies',
  currency_rates: 'currencies',
  delivery_attempts: 'courier',
  refunds: 'refunds',
  return_requests: 'returns',
  return_request_lines: 'returns',
  return_request_history: 'returns',
  substitution_questions: 'substitutions',
  push_subscriptions: 'store-inbox',
  push_outbox: 'store-inbox',
  server_keys: 'store-inbox',
  contact_messages: 'help',
  product_suggestions: 'help',
  city_requests: 'locations',
  email_outbox: 'mail',
  message_outbox: 'messages',
  fiscal_documents: 'invoicing',
  message_opt_outs: 'messages',
  media_files: 'media',
  product_photos: 'media',
  order_groups: 'orders',
  // The store order's life (decision 057): its status, its history and its delivery facts have one writer.
  store_orders: 'order-status',
  store_order_history: 'order-status',
  order_lines: 'order-status',
  idempotency_keys: 'orders',
  // The family's answer after delivery (issue 29, decision 064).
  store_order_receipts: 'receipts',
  store_order_receipt_history: 'receipts',
  saved_cards: 'cards',
  processor_customers: 'cards',
  processor_erasures: 'cards',
  payment_events: 'payments',
  sandbox_intents: 'payments',
  sandbox_refunds: 'payments',
  rate_limit_hits: 'rate-limits',
  paced_request_slots: 'geo',
  referrals: 'referrals',
  invitations: 'referrals',
  settings: 'settings',
  store_members: 'store-members',
  user_roles: 'accounts',
  operator_grant_requests: 'admin-people',
  audit_events: 'audit',
  store_invitations: 'store-members',
  store_applications: 'store-applications',
  store_statement_payments: 'store-statements',
  store_payout_accounts: 'store-payouts',
  wallet_entries: 'wallet',
};

/**
 * Writes by a module other than the owner that remain, each with what removes it. Issue 28 asks for none:
 * this list only shrinks.
 */
const REMAINING_FOREIGN_WRITES: ReadonlyArray<{ module: string; table: string; removedBy: string }> = [];

/** `module → table` for every write of a table by a module that does not own it (the allowlist aside). */
export function foreignWrites(
  writes: readonly TableWrite[],
  owners: Readonly<Record<string, string>>,
  allowed: ReadonlyArray<{ module: string; table: string }> = [],
): string[] {
  const allowedPairs = new Set(allowed.map((pair) => `${pair.module} -> ${pair.table}`));
  const found = writes
    .filter((write) => owners[write.table] !== write.module)
    .map((write) => `${write.module} -> ${write.table} (${write.file})`)
    .filter((edge) => !allowedPairs.has(edge.replace(/ \(.*\)$/, '')));
  return [...new Set(found)].sort();
}

describe('table owners', () => {
  const tables = schemaTables();

  it('names an owner module, that exists, for every table of the schema', () => {
    const modules = new Set(readdirSync(path.join(SRC, 'modules')));
    expect([...tables.values()].filter((table) => !modules.has(TABLE_OWNERS[table] ?? '')).sort()).toEqual(
      [],
    );
    expect(Object.keys(TABLE_OWNERS).filter((table) => ![...tables.values()].includes(table))).toEqual([]);
  });

  it("never writes another module's table from a repository", () => {
    const writes = repositoryWrites(path.join(SRC, 'modules'), tables);
    expect(foreignWrites(writes, TABLE_OWNERS, REMAINING_FOREIGN_WRITES)).toEqual([]);
  });

  it('keeps no allowlisted pair that no longer happens', () => {
    const writes = new Set(
      repositoryWrites(path.join(SRC, 'modules'), tables).map((write) => `${write.module} -> ${write.table}`),
    );
    expect(
      REMAINING_FOREIGN_WRITES.map((pair) => `${pair.module} -> ${pair.table}`).filter(
        (pair) => !writes.has(pair),
      ),
    ).toEqual([]);
  });

  it('catches a planted write of a foreign table, in Drizzle or in raw SQL', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'table-owners-'));
    try {
      mkdirSync(path.join(dir, 'wallet'));
      writeFileSync(
        path.join(dir, 'wallet', 'planted.repository.ts'),
        [
          'await tx.insert(walletEntries).values(entry);',
          'await tx.update(storeOrders).set({ status });',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the planted source quotes a sql template
          'await tx.execute(sql`delete from ${couponRedemptions} where id = ${id}`);',
          "await tx.execute(sql`update order_groups set status = 'cancelled' ... on conflict do update set x = 1 for update`);",
        ].join('\n'),
      );
      const writes = repositoryWrites(dir, tables);
      expect(foreignWrites(writes, TABLE_OWNERS)).toEqual([
        'wallet -> coupon_redemptions (wallet/planted.repository.ts)',
        'wallet -> order_groups (wallet/planted.repository.ts)',
        'wallet -> store_orders (wallet/planted.repository.ts)',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
