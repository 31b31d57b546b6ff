import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/database.ts';
import { databaseUrlFor, withAdminClient } from './postgres-admin.ts';

// Two instances migrating at once is a PostgreSQL question: PGlite has one process and one connection.
const databaseUrl = process.env.DATABASE_URL;
const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Our migrations plus one data migration that counts how often it ran (a second run would insert twice). */
async function migrationsWithDataMigration(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'mandado-migrations-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
    entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }>;
  };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('no migrations');
  const tag = '9999_data_migration_probe';
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag });
  await writeFile(journalFile, JSON.stringify(journal));
  await writeFile(
    path.join(folder, `${tag}.sql`),
    'CREATE TABLE IF NOT EXISTS migration_probe (applied_at timestamptz NOT NULL DEFAULT now());\n' +
      '--> statement-breakpoint\nINSERT INTO migration_probe DEFAULT VALUES;\n',
  );
  return folder;
}

describe.skipIf(!databaseUrl)('two instances started together on an empty database (decision 036)', () => {
  it('wait for each other on the advisory lock and apply every migration once', async () => {
    if (!databaseUrl) return;
    const name = `mandado_test_${randomBytes(6).toString('hex')}`;
    await withAdminClient(databaseUrl, (client) => client.query(`create database ${name}`));
    cleanups.push(() =>
      withAdminClient(databaseUrl, async (client) => {
        await client.query(`drop database if exists ${name} with (force)`);
      }),
    );
    const folder = await migrationsWithDataMigration();
    const instances: DatabaseHandle[] = [];
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({
        databaseUrl: databaseUrlFor(databaseUrl, name),
        migrationsFolder: folder,
        poolMax: 1,
      });
      instances.push(database);
      cleanups.push(() => database.close());
    }

    // Both start at once, as two containers of one release would.
    const results = await Promise.allSettled(instances.map((database) => database.migrate()));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);

    const [first, second] = instances;
    if (!first || !second) throw new Error('no instances');
    const probe = (await first.db.execute(
      sql`select count(*)::int as runs from migration_probe`,
    )) as unknown as {
      rows: Array<{ runs: number }>;
    };
    expect(probe.rows[0]?.runs).toBe(1);
    const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const applied = (await first.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(applied.rows[0]?.n).toBe(journal.entries.length);

    // Both serve afterwards.
    for (const database of instances) {
      const app = await buildApp({ database });
      cleanups.push(() => app.close());
      const response = await app.inject({ method: 'GET', url: '/v1/categories/' });
      expect(response.statusCode).toBe(200);
    }
  }, 120_000);
});
