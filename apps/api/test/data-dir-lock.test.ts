import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock.ts';
import { dataDirLockFile, openDatabase } from '../src/db/database.ts';

// Issue 16 A8: two processes must never open one PGlite data directory. These tests use a DATA_DIR of their
// own whatever DATABASE_URL says: the lock is the embedded engine's, and runs the same in the PostgreSQL suite.
const REFUSAL = /El servidor está usando DATA_DIR; detenlo antes/;
const repoRoot = path.resolve(import.meta.dirname, '../../..');
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'mandado-lock-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** Runs a node entry point with tsx, without DATABASE_URL (it would send the CLI to PostgreSQL). */
function runNode(args: string[], env: Record<string, string>): ChildProcess {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: repoRoot,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function finished(
  child: ChildProcess,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}

describe('the PGlite data directory lock', () => {
  it('refuses a second open of the same DATA_DIR with the Spanish message, and frees it on close', async () => {
    const dataDir = path.join(root, 'second-open', 'pglite');
    const first = await openDatabase({ dataDir });
    // DATA_DIR is owner-only: PGlite writes its own files world-readable and -writable.
    expect((await stat(path.dirname(dataDir))).mode & 0o777).toBe(0o700);
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(REFUSAL);
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await first.close();
    }
    // Closed: the next opener gets it.
    acquireDataDirLock(dataDirLockFile(dataDir)).release();
  }, 180_000);

  it('takes over the lock of a server that crashed (its process is gone)', async () => {
    const lockFile = path.join(root, 'crashed.lock');
    const holder = runNode(
      [
        '--input-type=module',
        '-e',
        `import { acquireDataDirLock } from ${JSON.stringify(path.join(repoRoot, 'apps/api/src/db/data-dir-lock.ts'))};
         acquireDataDirLock(${JSON.stringify(lockFile)}); console.log('held'); setInterval(() => {}, 1000);`,
      ],
      {},
    );
    await new Promise<void>((resolve) => holder.stdout?.once('data', () => resolve()));
    expect(() => acquireDataDirLock(lockFile)).toThrow(REFUSAL);
    // SIGKILL: no exit handler runs, the file stays behind as a crash would leave it.
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(JSON.parse(await readFile(lockFile, 'utf8')).pid).toBe(holder.pid);
    const lock = acquireDataDirLock(lockFile);
    expect(JSON.parse(await readFile(lockFile, 'utf8')).pid).toBe(process.pid);
    lock.release();
  }, 60_000);

  // Start times come from /proc: off Linux a live pid is always taken as its owner, so this says nothing there.
  it.runIf(process.platform === 'linux')(
    'treats a live pid with another start time as reused, and its own start time as the live owner',
    async () => {
      const lockFile = path.join(root, 'reused.lock');
      await writeFile(lockFile, JSON.stringify({ pid: process.pid, startTime: 'not-our-start' }));
      const lock = acquireDataDirLock(lockFile);
      // Taken over: the file now names this process with its real start time, not the stale owner's.
      const owner = JSON.parse(await readFile(lockFile, 'utf8')) as { pid: number; startTime: string | null };
      expect(owner.pid).toBe(process.pid);
      expect(owner.startTime).toMatch(/^\d+$/);
      expect(owner.startTime).not.toBe('not-our-start');
      // The same pid with the start time it really has is a live owner: the next opener refuses.
      expect(() => acquireDataDirLock(lockFile)).toThrow(REFUSAL);
      lock.release();
      await expect(readFile(lockFile, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    },
  );

  it('treats an unreadable lock file as stale and takes it over', async () => {
    const lockFile = path.join(root, 'half-written.lock');
    await writeFile(lockFile, 'half-written');
    const lock = acquireDataDirLock(lockFile);
    expect(JSON.parse(await readFile(lockFile, 'utf8')).pid).toBe(process.pid);
    lock.release();
    await expect(readFile(lockFile, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('makes `npm run user:role` and a second server refuse while a server holds DATA_DIR', async () => {
    const dataRoot = path.join(root, 'held');
    await mkdir(dataRoot, { recursive: true });
    // What a running server holds (openDatabase takes exactly this lock, as the first test shows).
    const lockFile = dataDirLockFile(path.join(dataRoot, 'pglite'));
    expect(lockFile).toBe(path.join(dataRoot, 'pglite.lock'));
    const server = acquireDataDirLock(lockFile);
    try {
      const cli = await finished(
        runNode(['apps/api/src/db/user-role.cli.ts', 'ana@example.com', 'operator'], { DATA_DIR: dataRoot }),
      );
      expect(cli.code).toBe(1);
      expect(cli.stderr).toMatch(REFUSAL);
      expect(cli.stdout).toBe('');
      const second = await finished(
        runNode(['apps/api/src/server.ts'], { DATA_DIR: dataRoot, WEB_DIST_DIR: '', PORT: '0' }),
      );
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(REFUSAL);
    } finally {
      server.release();
    }
  }, 120_000);
});
