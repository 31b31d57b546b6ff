import { createStackParser, createTransport, type ErrorEvent, Scope } from '@sentry/core';
import { nodeStackLineParser, ServerRuntimeClient } from '@sentry/core/server';
import { scrubPersonalData } from '../../plugins/log-redaction.ts';
import type { ErrorReporter } from './error-reporting.ts';

export interface SentryConfig {
  /** SENTRY_DSN: https://<key>@<host>/<project>; events go to `<host>/api/<project>/envelope/`. */
  dsn: string;
  /** The service's name, sent as the server name (OTEL_SERVICE_NAME or `mandado-api`). */
  serviceName: string;
  environment: string;
}

/** Messages and exception values leave with e-mail addresses and phone numbers masked, like the logs. */
function scrubEvent(event: ErrorEvent): ErrorEvent {
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrubPersonalData(exception.value);
  }
  if (event.message) event.message = scrubPersonalData(event.message);
  return event;
}

/**
 * A Sentry client from @sentry/core alone (decision 055): @sentry/node sets up its own OpenTelemetry and would
 * fight ours, so this server uses the core's ServerRuntimeClient with no default integrations, Node's stack
 * parser and a fetch transport. The server imports this file only when SENTRY_DSN is set.
 */
export function createSentryReporter(config: SentryConfig): ErrorReporter {
  const client = new ServerRuntimeClient({
    dsn: config.dsn,
    environment: config.environment,
    serverName: config.serviceName,
    platform: 'node',
    runtime: { name: 'node', version: process.version },
    // No request bodies, headers, cookies or user: what an error needs is its stack, route and request id.
    sendDefaultPii: false,
    integrations: [],
    stackParser: createStackParser(nodeStackLineParser()),
    beforeSend: scrubEvent,
    transport: (options) =>
      createTransport(options, async (request) => {
        const response = await fetch(options.url, {
          method: 'POST',
          body: request.body,
          headers: options.headers,
          signal: AbortSignal.timeout(10_000),
        });
        return {
          statusCode: response.status,
          headers: {
            'x-sentry-rate-limits': response.headers.get('x-sentry-rate-limits'),
            'retry-after': response.headers.get('retry-after'),
          },
        };
      }),
  });
  client.init();
  return {
    capture(error, context) {
      const scope = new Scope();
      scope.setClient(client);
      if (context.requestId) scope.setTag('request_id', context.requestId);
      if (context.route) scope.setTag('route', context.route);
      if (context.method) scope.setTag('method', context.method);
      if (context.worker) scope.setTag('worker', context.worker);
      client.captureException(error, { mechanism: { type: 'mandado', handled: false } }, scope);
    },
    flush: async (timeoutMs) => client.flush(timeoutMs),
    close: async (timeoutMs) => client.close(timeoutMs),
  };
}
