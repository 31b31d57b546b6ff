import type { ServerOptions } from 'node:http';

/**
 * How long the HTTP server waits on a client (decision 014). Fastify disables Node's request timeout by
 * default, so a client sending its headers a byte at a time kept a connection (and its memory) for minutes.
 */
export interface ServerTimeouts {
  /** The whole request line and headers must arrive within this. */
  headersMs: number;
  /** The whole request, body included, must arrive within this. */
  requestMs: number;
  /** An idle keep-alive connection is closed after this; above a typical proxy's idle timeout of 60 s. */
  keepAliveMs: number;
  /** A socket with no traffic at all (not even our answer) is destroyed after this. */
  idleSocketMs: number;
  /** How often Node checks the header and request deadlines. */
  checkIntervalMs: number;
}

export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 65_000,
  idleSocketMs: 120_000,
  checkIntervalMs: 2_000,
};

/** The Fastify constructor options that apply the timeouts to the server it creates. */
export function serverTimeoutOptions(timeouts: ServerTimeouts): {
  connectionTimeout: number;
  keepAliveTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
} {
  return {
    connectionTimeout: timeouts.idleSocketMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
  };
}
