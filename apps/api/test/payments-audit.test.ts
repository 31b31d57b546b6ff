/**
 * `npm run audit:payments` (issue 16 A, decision 030): each kind of disagreement is found, and the command
 * exits 1 while any exists. The money-moving test files run the same audit in their afterAll.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database.ts';
import { auditPayments } from '../src/modules/payments/payments-audit.service.ts';
import { recordWalletEntry } from '../src/modules/wallet/wallet.service.ts';
import { createStore } from './factories.ts';
import { createFastUser, orderBody, placeOrderRequest, prepareCheckout, rows } from './order-factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { databaseUrlFor, withAdminClient } from './postgres-admin.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

function insertIntent(
  db: DatabaseHandle['db'],
  intent: { id: string; key: string; amount: string; status: string; refunded?: string },
) {
  return db.execute(
    sql`insert into sandbox_intents (id, idempotency_key, amount, currency, status, outcome, refunded_amount)
        values (${intent.id}, ${intent.key}, ${intent.amount}, 'USD', ${intent.status}, 'succeeds',
                ${intent.refunded ?? '0.00'})`,
  );
}

describe('auditPayments', () => {
  it('finds nothing after real checkouts, and each kind of disagreement once it exists', async () => {
    const { app, database } = testApp;
    const db = app.db;
    // Real money moves first: a paid card order leaves the records agreeing.
    const fixture = await prepareCheckout(database, { price: '14.00' });
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    expect((await placeOrderRequest(app, fixture.user, body)).statusCode).toBe(201);
    expect(await auditPayments(db)).toEqual([]);

    // A charge whose group never got it (no group at all under that key).
    await insertIntent(db, {
      id: 'pi_sandbox_orphan',
      key: 'order-group-987654',
      amount: '9.00',
      status: 'succeeded',
    });
    // A paid card group with nothing charged behind it.
    const user = await createFastUser(database);
    const store = await createStore(database);
    const unpaid = await insertPlacedOrder(database, {
      remitterId: user.id,
      stores: [{ storeId: store.id, lines: [{ productId: null, total: '20.00' }] }],
    });
    // A refund above the charge.
    await insertIntent(db, {
      id: 'pi_sandbox_overrefund',
      key: 'order-group-987655',
      amount: '10.00',
      status: 'refunded',
      refunded: '12.00',
    });
    // Credit given back to a group that never spent any.
    expect(
      await recordWalletEntry(db, {
        userId: user.id,
        kind: 'refunded',
        amount: '4.00',
        groupId: unpaid.groupId,
        note: 'prueba',
      }),
    ).toBe(true);
    // A balance moved without its ledger entry.
    await db.execute(sql`update users set credit = credit + 1 where id = ${fixture.user.id}`);

    const findings = await auditPayments(db);
    expect(findings.map(({ kind, subject }) => ({ kind, subject }))).toEqual([
      { kind: 'charge_without_paid_group', subject: 'pi_sandbox_orphan' },
      { kind: 'paid_group_without_charge', subject: unpaid.number },
      { kind: 'refund_above_paid', subject: 'pi_sandbox_overrefund' },
      { kind: 'refund_above_paid', subject: `grupo ${unpaid.groupId}` },
      { kind: 'ledger_mismatch', subject: `usuario ${fixture.user.id}` },
    ]);
    expect(findings[4]?.detail).toBe('saldo 1.00, movimientos 0.00');
  });
});

describe('auditPayments and refunds (issue 17)', () => {
  it('finds refunds above a store order, and card refunds the sandbox did not make as recorded', async () => {
    const { app, database } = testApp;
    const db = app.db;
    const fixture = await prepareCheckout(database, { price: '14.00' });
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const placed = await placeOrderRequest(app, fixture.user, body);
    expect(placed.statusCode).toBe(201);
    const number = placed.json<{ order: { number: string } }>().order.number;
    const [storeOrder] = await rows<{ id: number; group_id: number; number: string; total: string }>(
      database,
      sql`select so.id, so.group_id, so.number, so.total::text as total from store_orders so
          join order_groups g on g.id = so.group_id where g.number = ${number}`,
    );
    if (!storeOrder) throw new Error('no store order');
    const subjects = async () =>
      (await auditPayments(db))
        .filter((finding) => finding.subject === number || finding.subject === storeOrder.number)
        .map(({ kind, subject }) => ({ kind, subject }));
    const insertRefund = (amount: string, destination: string, status: string) =>
      db.execute(
        sql`insert into refunds (group_id, store_order_id, amount, reason, destination, status, actor_role)
            values (${storeOrder.group_id}, ${storeOrder.id}, ${amount}, 'operator', ${destination}, ${status}, 'operator')`,
      );

    // Credit given back for a refund decided as credit is no over-refund of the credit spent.
    await insertRefund('2.00', 'wallet', 'succeeded');
    expect(
      await recordWalletEntry(db, {
        userId: fixture.user.id,
        kind: 'refunded',
        amount: '2.00',
        groupId: storeOrder.group_id,
        note: 'prueba',
      }),
    ).toBe(true);
    expect(await subjects()).toEqual([]);

    // A card refund recorded as made that the sandbox never made.
    await insertRefund('3.00', 'original_payment', 'succeeded');
    expect(await subjects()).toEqual([{ kind: 'refund_mismatch', subject: number }]);

    // Refunds decided above what was paid for the store order.
    await insertRefund(storeOrder.total, 'original_payment', 'pending');
    expect(await subjects()).toEqual([
      { kind: 'refund_above_paid', subject: storeOrder.number },
      { kind: 'refund_mismatch', subject: number },
    ]);
  });
});

describe('auditPayments and line refunds (issue 27)', () => {
  it('flags a line refunded above what was paid for it, even when its store order still covers it', async () => {
    const { app, database } = testApp;
    const user = await createFastUser(database);
    const store = await createStore(database);
    const order = await insertPlacedOrder(database, {
      remitterId: user.id,
      stores: [
        {
          storeId: store.id,
          lines: [
            { productId: null, total: '12.58', name: 'Yerba' },
            { productId: null, total: '10.00' },
          ],
        },
      ],
    });
    const storeOrder = order.storeOrders[0];
    if (!storeOrder) throw new Error('no store order');
    const [line] = await rows<{ id: number }>(
      database,
      sql`select id from order_lines where store_order_id = ${storeOrder.id} order by position limit 1`,
    );
    // A line refunded twice, as refunds decided before decision 050 could leave it: 14.00 of 12.58.
    for (let twice = 0; twice < 2; twice += 1) {
      await app.db.execute(
        sql`insert into refunds (group_id, store_order_id, order_line_id, amount, reason, destination, status, actor_role)
            values (${order.groupId}, ${storeOrder.id}, ${line?.id}, '7.00', 'operator', 'bank', 'pending', 'operator')`,
      );
    }
    const findings = (await auditPayments(app.db)).filter((finding) =>
      finding.subject.startsWith(storeOrder.number),
    );
    expect(findings).toEqual([
      {
        kind: 'refund_above_paid',
        subject: `${storeOrder.number} línea ${line?.id}`,
        detail: 'devoluciones de 14.00 sobre 12.58 pagado por «Yerba»',
      },
    ]);
  });
});

describe('npm run audit:payments', () => {
  const execFileAsync = promisify(execFile);
  const root = path.resolve(import.meta.dirname, '../../..');

  /**
   * A copy of the migrated template on the engine under test, as the command finds it: a PGlite DATA_DIR, or
   * a database at DATABASE_URL.
   */
  async function copyOfTemplate(): Promise<{
    env: NodeJS.ProcessEnv;
    open: () => Promise<DatabaseHandle>;
    drop: () => Promise<void>;
  }> {
    const template = inject('databaseTemplate');
    const databaseUrl = process.env.DATABASE_URL;
    if (databaseUrl) {
      const name = `mandado_audit_${randomBytes(6).toString('hex')}`;
      await withAdminClient(databaseUrl, (client) =>
        client.query(`create database ${name} template ${template}`),
      );
      const url = databaseUrlFor(databaseUrl, name);
      return {
        env: { ...process.env, DATABASE_URL: url },
        open: () => openDatabase({ databaseUrl: url }),
        drop: async () => {
          await withAdminClient(databaseUrl, (client) =>
            client.query(`drop database if exists ${name} with (force)`),
          );
        },
      };
    }
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mandado-audit-'));
    // PGlite writes the template's dump into the new folder the first time it opens it.
    const first = await PGlite.create({
      dataDir: path.join(dataDir, 'pglite'),
      loadDataDir: new Blob([await readFile(template)]),
      extensions: { unaccent, pg_trgm, fuzzystrmatch },
    });
    await first.close();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    return {
      env,
      open: () => openDatabase({ dataDir: path.join(dataDir, 'pglite') }),
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }

  async function runCli(env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string }> {
    try {
      const { stdout } = await execFileAsync(
        process.execPath,
        ['--import', 'tsx', 'apps/api/src/db/audit-payments.cli.ts'],
        { cwd: root, env },
      );
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string };
      return { code: failed.code ?? -1, stdout: failed.stdout ?? '' };
    }
  }

  it('exits 0 on agreeing records and 1, listing them, when a charge has no paid group', async () => {
    const copy = await copyOfTemplate();
    try {
      const clean = await runCli(copy.env);
      expect(clean).toMatchObject({ code: 0 });
      expect(clean.stdout).toContain('Pagos en orden');

      const handle = await copy.open();
      await insertIntent(handle.db, {
        id: 'pi_sandbox_lost',
        key: 'order-group-5',
        amount: '7.50',
        status: 'succeeded',
      });
      await handle.close();
      const dirty = await runCli(copy.env);
      expect(dirty.code).toBe(1);
      expect(dirty.stdout).toContain('charge_without_paid_group\tpi_sandbox_lost');
    } finally {
      await copy.drop();
    }
  }, 300_000);
});
