import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import {
  cp,
  mkdir,
  mkdtemp,
  open,
  readdir,
  readFile,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import * as tar from 'tar';
import { z } from 'zod';
import { backupSocketPath, requestDump } from './backup-socket.ts';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';
import { dataDirLockFile, openDatabase } from './database.ts';

/**
 * `npm run db:backup` and `npm run db:restore` (issue 27, decision 056). A backup is one tar file:
 * manifest.json (format, engine, migration level, time, row counts), the database — PGlite's gzipped data
 * directory or a pg_dump custom-format archive — and media/, the uploaded photos of DATA_DIR/media. It is
 * written beside its final name and renamed, so a listed backup is always whole.
 */

export const BACKUP_FORMAT = 1;
const PGLITE_DUMP = 'database.pglite.tar.gz';
const POSTGRES_DUMP = 'database.pgdump';
const BACKUP_NAME = /^mandado-backup-\d{4}-\d\d-\d\dT[\d-]+Z\.tar$/;

/**
 * The tables the manifest counts and a restore compares: money, orders and who they belong to. Unlogged
 * tables (rate-limit hits) are left out: PGlite's copy starts them empty by design.
 */
export const COUNTED_TABLES = [
  'users',
  'stores',
  'products',
  'order_groups',
  'store_orders',
  'order_lines',
  'payment_events',
  'sandbox_intents',
  'refunds',
  'wallet_entries',
  'media_files',
  'email_outbox',
  'webhook_deliveries',
] as const;

const manifestSchema = z.object({
  format: z.number().int(),
  app: z.literal('mandado'),
  engine: z.enum(['pglite', 'postgres']),
  createdAt: z.string(),
  migrations: z.object({ applied: z.number().int(), lastCreatedAt: z.number().nullable() }),
  counts: z.record(z.string(), z.number().int()),
  database: z.string(),
  media: z.object({ kind: z.enum(['local', 's3']), files: z.number().int() }),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** A refusal the commands print as it is, in Spanish, and exit 1. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export type BackupTarget = { databaseUrl: string } | { dataDir: string };

type RunQuery = (text: string) => Promise<Array<Record<string, unknown>>>;

async function countRows(query: RunQuery): Promise<Record<string, number>> {
  const select = COUNTED_TABLES.map((table) => `(select count(*) from ${table})::int as ${table}`).join(', ');
  const [row] = await query(`select ${select}`);
  return Object.fromEntries(COUNTED_TABLES.map((table) => [table, Number(row?.[table] ?? 0)]));
}

async function migrationLevel(query: RunQuery): Promise<BackupManifest['migrations']> {
  const [row] = await query(
    'select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  return { applied: Number(row?.applied ?? 0), lastCreatedAt: row?.last ? Number(row.last) : null };
}

/** The newest migration this code knows: a backup made by a newer release is refused rather than half-read. */
function codeMigrationLevel(): number {
  const journal = fileURLToPath(new URL('../../migrations/meta/_journal.json', import.meta.url));
  const entries = (JSON.parse(readFileSync(journal, 'utf8')) as { entries: Array<{ when: number }> }).entries;
  return Math.max(...entries.map((entry) => entry.when));
}

/** The newest installed PostgreSQL client tools (as CI's find_pg_bin), else whatever PATH has. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((entry) => /^\d+$/.test(entry) && existsSync(path.join(root, entry, 'bin', name)))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, 'bin', name) : name;
}

/** libpq arguments without the password on the command line (where `ps` shows it): it goes in PGPASSWORD. */
function pgConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

const execFileAsync = promisify(execFile);

async function runPgTool(
  name: 'pg_dump' | 'pg_restore',
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  try {
    await execFileAsync(pgTool(name), args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new BackupError(`${name} falló: ${detail}`);
  }
}

async function mediaFiles(mediaDir: string | null): Promise<string[]> {
  if (!mediaDir || !existsSync(mediaDir)) return [];
  const entries = await readdir(mediaDir, { recursive: true, withFileTypes: true });
  // '.tmp-…' files are photos being written (media-storage.ts renames them when whole): never a key.
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.tmp-'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The embedded database's dump: from the folder when no server holds it, else from the server (socket). */
async function dumpPglite(dataDir: string): Promise<Buffer> {
  if (!existsSync(dataDir)) throw new BackupError(`No hay base de datos embebida en ${dataDir}.`);
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase({ dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // The server runs: it owns the folder and dumps it for us between transactions.
    try {
      return await requestDump(backupSocketPath(dataDir));
    } catch (socketError) {
      throw new BackupError(
        `El servidor está usando DATA_DIR y no respondió al pedido de copia (${(socketError as Error).message}). ` +
          'Reinícialo con esta versión o detenlo y vuelve a ejecutar la copia.',
      );
    }
  }
  try {
    const dump = await handle.dumpDataDir?.();
    if (!dump) throw new Error('PGlite could not dump its data directory');
    return Buffer.from(await dump.arrayBuffer());
  } finally {
    await handle.close();
  }
}

export interface CreatedBackup {
  file: string;
  manifest: BackupManifest;
  /** Older backups removed by `keep`. */
  removed: string[];
}

/**
 * Writes `<outDir>/mandado-backup-<time>.tar` and, with `keep`, removes all but the newest `keep` backups of
 * that folder. On PGlite the dump is opened in memory before it is kept: a copy that does not open fails here,
 * not on the day it is needed, and the counts are the copy's own.
 */
export async function createBackup(options: {
  source: BackupTarget;
  mediaDir: string | null;
  mediaKind?: 'local' | 's3';
  outDir: string;
  keep?: number;
  now?: Date;
}): Promise<CreatedBackup> {
  const createdAt = options.now ?? new Date();
  const name = `mandado-backup-${createdAt.toISOString().replace(/[:.]/g, '-')}.tar`;
  // A backup holds the whole database (password hashes, second-factor keys, addresses): owner-only, like
  // DATA_DIR, whatever the umask.
  await mkdir(options.outDir, { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(path.join(options.outDir, '.mandado-backup-'));
  const partial = path.join(options.outDir, `.${name}.partial`);
  try {
    let manifest: BackupManifest;
    const mediaKind = options.mediaKind ?? 'local';
    if ('dataDir' in options.source) {
      const dump = await dumpPglite(options.source.dataDir);
      await writeFile(path.join(staging, PGLITE_DUMP), dump);
      const copy = await openDatabase({ loadDataDir: new Blob([dump]) });
      try {
        const query: RunQuery = async (text) =>
          ((await copy.db.execute(text)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
        manifest = {
          format: BACKUP_FORMAT,
          app: 'mandado',
          engine: 'pglite',
          createdAt: createdAt.toISOString(),
          migrations: await migrationLevel(query),
          counts: await countRows(query),
          database: PGLITE_DUMP,
          media: { kind: mediaKind, files: 0 },
        };
      } finally {
        await copy.close();
      }
    } else {
      // pg_dump reads the snapshot this transaction exported: the counts are those of the dump exactly.
      const { url, env } = pgConnection(options.source.databaseUrl);
      const client = new pg.Client({ connectionString: options.source.databaseUrl });
      await client.connect();
      try {
        await client.query('begin isolation level repeatable read read only');
        const [snapshot] = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows;
        const query: RunQuery = async (text) => (await client.query(text)).rows;
        const counts = await countRows(query);
        const migrations = await migrationLevel(query);
        await runPgTool(
          'pg_dump',
          [
            '--format=custom',
            `--snapshot=${snapshot?.id}`,
            `--file=${path.join(staging, POSTGRES_DUMP)}`,
            `--dbname=${url}`,
          ],
          env,
        );
        await client.query('commit');
        manifest = {
          format: BACKUP_FORMAT,
          app: 'mandado',
          engine: 'postgres',
          createdAt: createdAt.toISOString(),
          migrations,
          counts,
          database: POSTGRES_DUMP,
          media: { kind: mediaKind, files: 0 },
        };
      } finally {
        await client.end();
      }
    }
    // Photos after the database: every photo a row of the dump names was already written (files are
    // renamed into place whole and never rewritten), so the copy holds at least what the rows need.
    const files = await mediaFiles(options.mediaDir);
    manifest.media.files = files.length;
    const entries = ['manifest.json', manifest.database];
    if (options.mediaDir && files.length > 0) {
      await symlink(path.resolve(options.mediaDir), path.join(staging, 'media'), 'dir');
      entries.push('media');
    }
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.c(
      {
        file: partial,
        mode: 0o600,
        cwd: staging,
        // media/ is a link to DATA_DIR/media: its files are packed, not the link.
        follow: true,
        portable: true,
        filter: (entry) => !path.basename(entry).startsWith('.tmp-'),
      },
      entries,
    );
    const handle = await open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    const file = path.join(options.outDir, name);
    await rename(partial, file);
    const removed = options.keep ? await pruneBackups(options.outDir, options.keep) : [];
    return { file, manifest, removed };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** Removes all but the newest `keep` backups of a folder (their names sort by time); returns what went. */
export async function pruneBackups(outDir: string, keep: number): Promise<string[]> {
  const backups = (await readdir(outDir)).filter((entry) => BACKUP_NAME.test(entry)).sort();
  const old = backups.slice(0, Math.max(0, backups.length - keep)).map((entry) => path.join(outDir, entry));
  for (const file of old) await rm(file, { force: true });
  return old;
}

async function isNonEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch {
    return false;
  }
}

async function readManifest(staging: string): Promise<BackupManifest> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path.join(staging, 'manifest.json'), 'utf8'));
  } catch {
    throw new BackupError('El archivo no es una copia de Mandado: falta manifest.json.');
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) throw new BackupError('El manifest.json de la copia no es válido.');
  const manifest = result.data;
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(
      `Formato de copia ${manifest.format} desconocido (esta versión lee el ${BACKUP_FORMAT}).`,
    );
  }
  if (
    manifest.migrations.lastCreatedAt !== null &&
    manifest.migrations.lastCreatedAt > codeMigrationLevel()
  ) {
    throw new BackupError(
      'La copia es de una versión más nueva de Mandado (tiene migraciones que este código no conoce): ' +
        'actualiza el código antes de restaurarla.',
    );
  }
  if (manifest.database !== PGLITE_DUMP && manifest.database !== POSTGRES_DUMP) {
    throw new BackupError('El manifest.json de la copia no es válido.');
  }
  return manifest;
}

function databaseName(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
}

async function withMaintenanceClient<T>(
  databaseUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Restores the dump into PostgreSQL: the database is created when missing, emptied first with `force`. */
async function restorePostgres(databaseUrl: string, dumpFile: string, force: boolean): Promise<void> {
  const name = databaseName(databaseUrl);
  await withMaintenanceClient(databaseUrl, async (client) => {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query<{ count: number }>(
      `select count(*)::int as count from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if ((tables.rows[0]?.count ?? 0) > 0) {
      if (!force) {
        throw new BackupError(
          `La base ${name} no está vacía. Restaura en una base nueva, o agrega --force para reemplazar su contenido.`,
        );
      }
      await client.query(
        'drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public',
      );
    }
  } finally {
    await client.end();
  }
  const { url, env } = pgConnection(databaseUrl);
  // Owners and grants of the source server's roles may not exist here; the restoring role owns everything.
  await runPgTool(
    'pg_restore',
    ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${url}`, dumpFile],
    env,
  );
}

export interface RestoredBackup {
  manifest: BackupManifest;
  counts: Record<string, number>;
  /** Photos written to the media folder; null when media is not on local disk here (S3). */
  mediaFiles: number | null;
}

/**
 * Restores a backup into an empty DATA_DIR or database (or over one, with `force`) and checks the restored
 * counts against the manifest. The engine must match: a PGlite copy restores into a DATA_DIR, a PostgreSQL one
 * into DATABASE_URL. Refuses while a server holds the DATA_DIR, `force` or not.
 */
export async function restoreBackup(options: {
  file: string;
  target: BackupTarget;
  mediaDir: string | null;
  force?: boolean;
}): Promise<RestoredBackup> {
  const force = options.force ?? false;
  if (!existsSync(options.file)) throw new BackupError(`No existe el archivo ${options.file}.`);
  const parent = options.mediaDir
    ? path.dirname(path.resolve(options.mediaDir))
    : 'dataDir' in options.target
      ? path.dirname(path.resolve(options.target.dataDir))
      : tmpdir();
  // The parent is DATA_DIR when restoring there: owner-only, as openDatabase makes it.
  await mkdir(parent, { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(path.join(parent, '.mandado-restore-'));
  try {
    try {
      await tar.x({ file: options.file, cwd: staging, strict: true });
    } catch (error) {
      throw new BackupError(`No se pudo leer la copia ${options.file}: ${(error as Error).message}`);
    }
    const manifest = await readManifest(staging);
    const targetEngine = 'dataDir' in options.target ? 'pglite' : 'postgres';
    if (manifest.engine !== targetEngine) {
      throw new BackupError(
        manifest.engine === 'pglite'
          ? 'Es una copia de la base embebida: restáurala sin DATABASE_URL, en un DATA_DIR.'
          : 'Es una copia de PostgreSQL: restáurala con DATABASE_URL apuntando a la base de destino.',
      );
    }
    const mediaTargetBusy = options.mediaDir ? await isNonEmptyDir(options.mediaDir) : false;
    const dumpFile = path.join(staging, manifest.database);
    let counts: Record<string, number>;
    if ('dataDir' in options.target) {
      const dataDir = path.resolve(options.target.dataDir);
      // Taken before anything is touched, and held while the folder is written: a running server's folder is
      // never replaced under it.
      const lock = acquireDataDirLock(dataDirLockFile(dataDir));
      try {
        if ((await isNonEmptyDir(dataDir)) || mediaTargetBusy) {
          if (!force) {
            throw new BackupError(
              `${path.dirname(dataDir)} ya tiene datos. Restaura en un DATA_DIR nuevo, o agrega --force para reemplazarlos.`,
            );
          }
          await rm(dataDir, { recursive: true, force: true });
        }
        await mkdir(dataDir, { recursive: true });
        // PGlite's dump is a gzipped tar of its data directory (entries rooted at '/', which tar strips):
        // extracted natively it is the folder PGlite's loadDataDir would write, in half the time.
        await tar.x({ file: dumpFile, cwd: dataDir });
      } finally {
        lock.release();
      }
      const handle = await openDatabase({ dataDir });
      try {
        counts = await countRows(
          async (text) =>
            ((await handle.db.execute(text)) as unknown as { rows: Array<Record<string, unknown>> }).rows,
        );
      } finally {
        await handle.close();
      }
    } else {
      if (mediaTargetBusy && !force) {
        throw new BackupError(
          `${options.mediaDir} ya tiene fotos. Restaura en una carpeta nueva, o agrega --force para reemplazarlas.`,
        );
      }
      await restorePostgres(options.target.databaseUrl, dumpFile, force);
      const handle = await openDatabase({ databaseUrl: options.target.databaseUrl, poolMax: 1 });
      try {
        counts = await countRows(
          async (text) =>
            ((await handle.db.execute(text)) as unknown as { rows: Array<Record<string, unknown>> }).rows,
        );
      } finally {
        await handle.close();
      }
    }
    const differing = COUNTED_TABLES.filter((table) => counts[table] !== manifest.counts[table]);
    if (differing.length > 0) {
      throw new BackupError(
        `La base restaurada no coincide con la copia en: ${differing
          .map((table) => `${table} (${counts[table]} de ${manifest.counts[table]})`)
          .join(', ')}.`,
      );
    }
    let restoredMedia: number | null = null;
    const stagedMedia = path.join(staging, 'media');
    if (options.mediaDir) {
      restoredMedia = 0;
      // Empty unless --force: then the photos become the copy's, as the database did.
      await rm(options.mediaDir, { recursive: true, force: true });
      if (existsSync(stagedMedia)) {
        try {
          await rename(stagedMedia, options.mediaDir);
        } catch (error) {
          // Another filesystem (PostgreSQL restores stage in the temporary folder): copy instead.
          if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
          await cp(stagedMedia, options.mediaDir, { recursive: true });
        }
        restoredMedia = (await mediaFiles(options.mediaDir)).length;
      }
    }
    return { manifest, counts, mediaFiles: restoredMedia };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
