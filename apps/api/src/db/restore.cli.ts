import path from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { BackupError, restoreBackup } from './backup-archive.ts';
import { DataDirLockedError } from './data-dir-lock.ts';

// npm run db:restore -- backups/mandado-backup-….tar [--force] — into the DATA_DIR or DATABASE_URL this
// environment names, which must be empty (a new folder or database; a missing database is created) unless
// --force replaces what is there. Checks the manifest and prints the restored counts (decision 056).
let parsed: { values: { force?: boolean }; positionals: string[] };
try {
  parsed = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const [file, ...extra] = parsed.positionals;
if (!file || extra.length > 0) {
  console.error('Uso: npm run db:restore -- <archivo .tar> [--force]');
  process.exit(1);
}
const config = readConfig();
try {
  const result = await restoreBackup({
    file: path.resolve(file),
    target:
      'databaseUrl' in config.database
        ? { databaseUrl: config.database.databaseUrl }
        : { dataDir: 'dataDir' in config.database ? config.database.dataDir : '' },
    mediaDir: config.media.kind === 'local' ? config.media.dir : null,
    force: parsed.values.force ?? false,
  });
  console.log(`Copia del ${result.manifest.createdAt} restaurada (${result.manifest.engine}).`);
  console.log(
    Object.entries(result.counts)
      .map(([table, count]) => `${table} ${count}`)
      .join(', '),
  );
  console.log(
    result.mediaFiles === null
      ? 'Fotos: S3 configurado; las de la copia no se escriben en el bucket.'
      : `Fotos: ${result.mediaFiles}`,
  );
  console.log('Sigue con: npm run audit:payments');
} catch (error) {
  if (!(error instanceof BackupError) && !(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
