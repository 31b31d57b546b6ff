import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

/**
 * `npm run db:backup` beside a running server on the embedded database (decision 056). PGlite is single-process
 * (the server holds DATA_DIR/pglite.lock), so the command cannot open the folder itself; it asks the server,
 * which owns the database, for a dump over a Unix socket beside the lock. A socket file, not a port: nothing
 * is reachable over the network (a proxy on the same host cannot forward to it), and only users who may write
 * the data folder may connect, the same people who could copy it.
 */
export function backupSocketPath(dataDir: string): string {
  return `${path.resolve(dataDir)}.backup.sock`;
}

/** Linux refuses socket paths past 107 bytes; a deeper DATA_DIR backs up with the server stopped. */
const MAX_SOCKET_PATH = 107;

export interface BackupSocket {
  close(): Promise<void>;
}

/**
 * Serves `POST /dump`: the database's gzipped data directory, taken between transactions. Null when the path
 * is too long for a socket. A socket file left by a killed server is replaced: the caller holds the lock.
 */
export async function startBackupSocket(options: {
  socketPath: string;
  dump: () => Promise<Blob>;
  log: { info(message: string): void; error(message: string): void };
}): Promise<BackupSocket | null> {
  const { socketPath, dump, log } = options;
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) return null;
  await rm(socketPath, { force: true });
  let busy = false;
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/dump') {
      response.writeHead(404).end();
      return;
    }
    // One dump at a time: each holds every query of the shop for its duration.
    if (busy) {
      response.writeHead(409, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Ya hay una copia de seguridad en curso.');
      return;
    }
    busy = true;
    const started = Date.now();
    dump()
      .then(async (blob) => {
        const body = Buffer.from(await blob.arrayBuffer());
        log.info(`Backup dump of ${body.length} bytes taken in ${Date.now() - started} ms`);
        response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': body.length });
        response.end(body);
      })
      .catch((error: unknown) => {
        log.error(`Backup dump failed: ${error instanceof Error ? error.message : String(error)}`);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('dump failed');
      })
      .finally(() => {
        busy = false;
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The running server's dump, through its socket; throws with the server's answer when it has none. */
export function requestDump(socketPath: string, timeoutMs = 5 * 60_000): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath, path: '/dump', method: 'POST', timeout: timeoutMs },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          if (response.statusCode === 200) resolve(body);
          else reject(new Error(`the server answered ${response.statusCode}: ${body.toString('utf8')}`));
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('the server took too long to dump')));
    request.on('error', reject);
    request.end();
  });
}
