import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * Two processes must never open one PGlite data directory (issue 16): PGlite is a single-process engine,
 * so a second opener (`npm run user:role` beside a running server, or a second server) writes into files the
 * first one holds in memory — its change is invisible to the running server and lost when it stops.
 *
 * The lock is a file beside the data directory (`<DATA_DIR>/pglite.lock` for the server), created with
 * O_EXCL, holding the owner's pid and, on Linux, its start time. A lock whose process is gone (a crashed or
 * killed server) or whose pid now belongs to another process (pid reuse after a reboot) is stale and taken
 * over; a live owner makes the opener refuse with DataDirLockedError.
 */

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly ownerPid: number,
  ) {
    super(
      'El servidor está usando DATA_DIR; detenlo antes de ejecutar este comando o de iniciar otro ' +
        `servidor con la misma carpeta (proceso ${ownerPid}, bloqueo ${lockFile}). Lo que otro proceso ` +
        'escriba en la base embebida mientras tanto se perdería.',
    );
    this.name = 'DataDirLockedError';
  }
}

interface LockOwner {
  pid: number;
  /** /proc/<pid>/stat's start time, null where /proc is not available. */
  startTime: string | null;
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** The kernel's start time of a process (field 22 of /proc/<pid>/stat), or null off Linux / when gone. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return rest[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user; it is alive.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (owner.startTime === null) return true;
  const now = processStartTime(owner.pid);
  // A different start time: the pid was reused by an unrelated process, so the owner is gone.
  return now === null || now === owner.startTime;
}

function readOwner(file: string): LockOwner | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { pid, startTime } = parsed as { pid?: unknown; startTime?: unknown };
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return null;
    return { pid, startTime: typeof startTime === 'string' ? startTime : null };
  } catch {
    return null;
  }
}

function tryCreate(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    const owner: LockOwner = { pid: process.pid, startTime: processStartTime(process.pid) };
    writeSync(fd, JSON.stringify(owner));
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Takes the lock or throws DataDirLockedError; a stale lock (dead owner, unreadable file) is replaced. */
export function acquireDataDirLock(file: string): DataDirLock {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(file)) {
      let held = true;
      const onExit = () => release();
      const release = () => {
        if (!held) return;
        held = false;
        process.off('exit', onExit);
        // Only our own lock: never remove one a later owner took over.
        if (readOwner(file)?.pid === process.pid) {
          try {
            unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        }
      };
      // A process that exits without closing the database (an uncaught error) still frees the folder.
      process.on('exit', onExit);
      return { file, release };
    }
    const owner = readOwner(file);
    if (owner && isAlive(owner)) throw new DataDirLockedError(file, owner.pid);
    // A crashed owner (or a half-written file from one): remove it and try again.
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const owner = readOwner(file);
  throw new DataDirLockedError(file, owner?.pid ?? 0);
}
