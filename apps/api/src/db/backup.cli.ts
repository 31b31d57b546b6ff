import path from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { BackupError, createBackup } from './backup-archive.ts';

// npm run db:backup [-- --dir backups --keep 14] — one consistent archive of the database and DATA_DIR/media
// (decision 056). On the embedded database it works while the server runs: the server dumps between
// transactions on request (its backup socket); with the server stopped it opens DATA_DIR itself. On PostgreSQL
// it is pg_dump in custom format, taken in one snapshot. S3 media is left to the bucket's own versioning.
let values: { dir?: string; keep?: string };
try {
  ({ values } = parseArgs({ options: { dir: { type: 'string' }, keep: { type: 'string' } } }));
} catch (error) {
  console.error(`${(error as Error).message}\nUso: npm run db:backup -- [--dir carpeta] [--keep N]`);
  process.exit(1);
}
const keep = values.keep === undefined ? undefined : Number(values.keep);
if (keep !== undefined && (!Number.isInteger(keep) || keep < 1)) {
  console.error('--keep es la cantidad de copias a conservar: un entero de 1 en adelante.');
  process.exit(1);
}
const config = readConfig();
try {
  const started = Date.now();
  const result = await createBackup({
    source:
      'databaseUrl' in config.database
        ? { databaseUrl: config.database.databaseUrl }
        : { dataDir: 'dataDir' in config.database ? config.database.dataDir : '' },
    mediaDir: config.media.kind === 'local' ? config.media.dir : null,
    mediaKind: config.media.kind,
    outDir: path.resolve(values.dir ?? 'backups'),
    ...(keep === undefined ? {} : { keep }),
  });
  const { manifest } = result;
  console.log(`Copia escrita: ${result.file} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  console.log(
    `Base ${manifest.engine}, ${manifest.migrations.applied} migraciones; ${Object.entries(manifest.counts)
      .map(([table, count]) => `${table} ${count}`)
      .join(', ')}`,
  );
  console.log(
    manifest.media.kind === 's3'
      ? 'Fotos en S3: no se copian aquí; las protege el versionado o la réplica del bucket.'
      : `Fotos: ${manifest.media.files}`,
  );
  for (const file of result.removed) console.log(`Copia antigua borrada: ${file}`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
