import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** A span as OTLP/HTTP JSON carries it (only the fields the tests read). */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
  status?: { code?: number };
}

export interface Receiver<T> {
  /** Base URL (http://127.0.0.1:<port>). */
  url: string;
  received: T[];
  /** Waits up to `timeoutMs` until `done` holds for what arrived. */
  waitUntil(done: (received: T[]) => boolean, timeoutMs?: number): Promise<void>;
  /** The raw request bodies, for checks on everything that left. */
  bodies: string[];
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  return (request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
}

async function startReceiver<T>(
  accepts: (request: IncomingMessage) => boolean,
  parse: (body: string) => T[],
): Promise<Receiver<T>> {
  const received: T[] = [];
  const bodies: string[] = [];
  const server = createServer(async (request, response) => {
    if (request.method !== 'POST' || !accepts(request)) {
      response.writeHead(404).end();
      return;
    }
    const body = await bodyOf(request);
    bodies.push(body);
    received.push(...parse(body));
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    bodies,
    async waitUntil(done, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!done(received)) {
        if (Date.now() > deadline)
          throw new Error(`receiver got ${received.length} items, not what was awaited`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An OTLP/HTTP collector for traces (POST /v1/traces, JSON), flattening every span it is sent. */
export function startOtlpReceiver(): Promise<Receiver<ReceivedSpan>> {
  return startReceiver(
    (request) => request.url === '/v1/traces' && request.headers['content-type'] === 'application/json',
    (body) => {
      const parsed = JSON.parse(body) as {
        resourceSpans: { scopeSpans: { spans: ReceivedSpan[] }[] }[];
      };
      return parsed.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
    },
  );
}

/** One item of a Sentry envelope: its header and its JSON payload. */
export interface EnvelopeItem {
  /** The envelope's header (event_id, dsn, sdk, sent_at). */
  envelope: Record<string, unknown>;
  type: string;
  payload: Record<string, unknown>;
}

/**
 * A Sentry-compatible ingest endpoint (POST /api/<project>/envelope/): newline-separated envelope header,
 * then item header and payload pairs.
 */
export function startSentryReceiver(project: string): Promise<Receiver<EnvelopeItem>> {
  return startReceiver(
    (request) => request.url?.startsWith(`/api/${project}/envelope/`) ?? false,
    (body) => {
      const [head = '{}', ...rest] = body.split('\n').filter((line) => line !== '');
      const envelope = JSON.parse(head) as Record<string, unknown>;
      const items: EnvelopeItem[] = [];
      for (let index = 0; index + 1 < rest.length; index += 2) {
        const header = JSON.parse(rest[index] ?? '{}') as { type: string };
        items.push({ envelope, type: header.type, payload: JSON.parse(rest[index + 1] ?? '{}') });
      }
      return items;
    },
  );
}
