/**
 * The restore drill (issue 27, decision 056): orders, payments, a refund and credit are made on a running
 * database, `npm run db:backup`'s archive is written — on PGlite through the running owner's backup socket, as
 * beside a live server — and restored into a fresh DATA_DIR or database, which holds the same rows and photos
 * and passes the payments audit. A restore never overwrites data it was not told to.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  type BackupTarget,
  COUNTED_TABLES,
  createBackup,
  pruneBackups,
  restoreBackup,
} from '../src/db/backup-archive.ts';
import { type BackupSocket, backupSocketPath, startBackupSocket } from '../src/db/backup-socket.ts';
import { acquireDataDirLock, type DataDirLock } from '../src/db/data-dir-lock.ts';
import { type DatabaseHandle, dataDirLockFile, openDatabase } from '../src/db/database.ts';
import { setPasswordHashing } from '../src/modules/accounts/password-hashing.ts';
import { auditPayments } from '../src/modules/payments/payments-audit.service.ts';
import { recordWalletEntry } from '../src/modules/wallet/wallet.service.ts';
import { giveCredit, orderBody, placeOrderRequest, prepareCheckout, rows } from './order-factories.ts';
import { databaseUrlFor, withAdminClient } from './postgres-admin.ts';

const serverUrl = process.env.DATABASE_URL;
let work: string;
let source: BackupTarget;
let database: DatabaseHandle;
let app: FastifyInstance;
let socket: BackupSocket | null = null;
let liveLock: DataDirLock | null = null;
const dropDatabases: string[] = [];

beforeAll(async () => {
  setPasswordHashing('fast-for-tests');
  work = await mkdtemp(path.join(tmpdir(), 'mandado-backup-'));
  const template = inject('databaseTemplate');
  if (serverUrl) {
    const name = `mandado_backup_${randomBytes(6).toString('hex')}`;
    await withAdminClient(serverUrl, (client) =>
      client.query(`create database ${name} template ${template}`),
    );
    dropDatabases.push(name);
    source = { databaseUrl: databaseUrlFor(serverUrl, name) };
    database = await openDatabase(source);
  } else {
    // The server's DATA_DIR, held by this process as the server holds it: `db:backup` finds the folder locked
    // and asks through the socket. The database itself is the template in memory: writing it to disk first
    // would cost seconds and test nothing more (the restore below writes one).
    const dataDir = path.join(work, 'live', 'pglite');
    await mkdir(dataDir, { recursive: true });
    liveLock = acquireDataDirLock(dataDirLockFile(dataDir));
    source = { dataDir };
    database = await openDatabase({ loadDataDir: new Blob([await readFile(template)]) });
    const dump = database.dumpDataDir;
    if (!dump) throw new Error('PGlite has no dump');
    socket = await startBackupSocket({ socketPath: backupSocketPath(dataDir), dump, log: console });
  }
  app = await buildApp({ database, concurrencyLimits: { perSession: 1000, perClient: 1000 } });
  await app.ready();
});

afterAll(async () => {
  await socket?.close();
  await app?.close();
  await database?.close();
  liveLock?.release();
  if (serverUrl) {
    for (const name of dropDatabases) {
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    }
  }
  await rm(work, { recursive: true, force: true });
});

async function countsOf(handle: DatabaseHandle): Promise<Record<string, number>> {
  const [row] = await rows<Record<string, number>>(
    handle,
    sql.raw(
      `select ${COUNTED_TABLES.map((table) => `(select count(*) from ${table})::int as ${table}`).join(', ')}`,
    ),
  );
  return { ...row };
}

/** Two card orders, a refund given back as credit with its ledger entry, and credit given by hand. */
async function makeMoneyMove(): Promise<void> {
  for (const price of ['14.00', '23.50']) {
    const fixture = await prepareCheckout(database, { price });
    const body = await orderBody(app, fixture.user, { beneficiaryId: fixture.beneficiaryId });
    const placed = await placeOrderRequest(app, fixture.user, body);
    expect(placed.statusCode).toBe(201);
    if (price !== '14.00') continue;
    const number = placed.json<{ order: { number: string } }>().order.number;
    const [storeOrder] = await rows<{ id: number; group_id: number }>(
      database,
      sql`select so.id, so.group_id from store_orders so join order_groups g on g.id = so.group_id
          where g.number = ${number}`,
    );
    if (!storeOrder) throw new Error('no store order');
    await database.db.execute(
      sql`insert into refunds (group_id, store_order_id, amount, reason, destination, status, actor_role)
          values (${storeOrder.group_id}, ${storeOrder.id}, '2.00', 'operator', 'wallet', 'succeeded', 'operator')`,
    );
    expect(
      await recordWalletEntry(database.db, {
        userId: fixture.user.id,
        kind: 'refunded',
        amount: '2.00',
        groupId: storeOrder.group_id,
        note: 'prueba',
      }),
    ).toBe(true);
    await giveCredit(database, fixture.user.id, '5.00');
  }
}

describe('npm run db:backup and db:restore', () => {
  it('restores orders, payments, refunds, the ledger and photos elsewhere, and the payments audit is clean', async () => {
    await makeMoneyMove();
    const before = await countsOf(database);
    expect(before).toMatchObject({ order_groups: 2, refunds: 1 });
    expect(before.sandbox_intents).toBeGreaterThanOrEqual(2);
    expect(before.wallet_entries).toBeGreaterThanOrEqual(2);
    expect(await auditPayments(database.db)).toEqual([]);
    const mediaDir = path.join(work, 'live', 'media');
    await mkdir(path.join(mediaDir, 'products'), { recursive: true });
    await writeFile(path.join(mediaDir, 'products', 'foto.webp'), 'una foto');
    // A photo still being written is not a key: it stays out of the copy.
    await writeFile(path.join(mediaDir, 'products', '.tmp-123'), 'a medias');

    const outDir = path.join(work, 'backups');
    const backup = await createBackup({ source, mediaDir, outDir, keep: 3 });
    expect(path.basename(backup.file)).toMatch(/^mandado-backup-.*\.tar$/);
    // The whole database is in it: nobody but the owner reads it, whatever the umask (was 0644 in a 0755 folder).
    expect((await stat(backup.file)).mode & 0o777).toBe(0o600);
    expect((await stat(outDir)).mode & 0o777).toBe(0o700);
    expect(await readdir(outDir)).toEqual([path.basename(backup.file)]);
    expect(backup.manifest).toMatchObject({
      format: 1,
      engine: serverUrl ? 'postgres' : 'pglite',
      counts: before,
      media: { kind: 'local', files: 1 },
    });
    expect(backup.manifest.migrations.applied).toBeGreaterThan(0);

    const restoredDir = path.join(work, 'restored');
    const target: BackupTarget = serverUrl
      ? { databaseUrl: databaseUrlFor(serverUrl, `mandado_restored_${randomBytes(6).toString('hex')}`) }
      : { dataDir: path.join(restoredDir, 'pglite') };
    if ('databaseUrl' in target) dropDatabases.push(new URL(target.databaseUrl).pathname.slice(1));
    const restoredMedia = path.join(restoredDir, 'media');
    const restored = await restoreBackup({ file: backup.file, target, mediaDir: restoredMedia });
    expect(restored.counts).toEqual(before);
    expect((await stat(restoredDir)).mode & 0o777).toBe(0o700);
    expect(restored.mediaFiles).toBe(1);
    expect(await readFile(path.join(restoredMedia, 'products', 'foto.webp'), 'utf8')).toBe('una foto');
    expect(existsSync(path.join(restoredMedia, 'products', '.tmp-123'))).toBe(false);

    const copy = await openDatabase(target);
    try {
      expect(await countsOf(copy)).toEqual(before);
      expect(await auditPayments(copy.db)).toEqual([]);
    } finally {
      await copy.close();
    }

    // The same target again: it holds data now, so only --force replaces it.
    await expect(restoreBackup({ file: backup.file, target, mediaDir: restoredMedia })).rejects.toThrow(
      /(no está vacía|ya tiene).*--force/,
    );
    // A copy of the other engine is refused before anything is touched.
    const otherEngine: BackupTarget = serverUrl
      ? { dataDir: path.join(work, 'other', 'pglite') }
      : { databaseUrl: 'postgres://nadie@127.0.0.1:1/nada' };
    await expect(restoreBackup({ file: backup.file, target: otherEngine, mediaDir: null })).rejects.toThrow(
      serverUrl ? /copia de PostgreSQL/ : /copia de la base embebida/,
    );
    // On PGlite the dump is opened in memory and the restore writes a data folder: seconds of CPU, which a
    // saturated CI machine stretches.
  }, 60_000);

  it('keeps only the newest backups with --keep', async () => {
    const dir = path.join(work, 'retention');
    await mkdir(dir);
    const names = [
      'mandado-backup-2026-11-25T03-00-00-000Z.tar',
      'mandado-backup-2026-11-26T03-00-00-000Z.tar',
      'mandado-backup-2026-11-27T03-00-00-000Z.tar',
      'otra-cosa.tar',
    ];
    for (const name of names) await writeFile(path.join(dir, name), '');
    expect(await pruneBackups(dir, 2)).toEqual([path.join(dir, names[0] ?? '')]);
    expect((await readdir(dir)).sort()).toEqual(names.slice(1).sort());
  });
});
