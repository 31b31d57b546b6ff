import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { seedDemoCatalog } from '../src/db/seed/seed.ts';
import { databaseUrlFor, withAdminClient } from './postgres-admin.ts';

let cleanup: (() => Promise<void>) | undefined;

/** Migrates and seeds one database for the whole run; every test file then works on its own copy. */
export async function setup(project: TestProject): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const templateName = 'mandado_test_template';
    await withAdminClient(databaseUrl, async (client) => {
      await client.query(`drop database if exists ${templateName} with (force)`);
      await client.query(`create database ${templateName}`);
    });
    const template = await openDatabase({ databaseUrl: databaseUrlFor(databaseUrl, templateName) });
    await template.migrate();
    await seedDemoCatalog(template.db);
    await template.close();
    project.provide('databaseTemplate', templateName);
    cleanup = () =>
      withAdminClient(databaseUrl, async (client) => {
        await client.query(`drop database if exists ${templateName} with (force)`);
      });
    return;
  }

  const database = await openDatabase({ inMemory: true });
  await database.migrate();
  await seedDemoCatalog(database.db);
  const dump = await database.dumpDataDir?.();
  await database.close();
  if (!dump) throw new Error('PGlite could not dump its data directory');
  const dir = await mkdtemp(path.join(tmpdir(), 'mandado-test-'));
  const file = path.join(dir, 'template.tar.gz');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', file);
  cleanup = () => rm(dir, { recursive: true, force: true });
}

export async function teardown(): Promise<void> {
  await cleanup?.();
}
