import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import { PglitePreparedQuery } from 'drizzle-orm/pglite';
import { inSpan } from './tracing.ts';

export interface TracingConfig {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; spans go to `<endpoint>/v1/traces` as OTLP/HTTP JSON. */
  endpoint: string;
  /** OTEL_SERVICE_NAME, `mandado-api` by default. */
  serviceName: string;
}

export interface Tracing {
  /** Sends the spans still buffered (tests); shutdown also does. */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

interface PreparedQuery {
  queryString: string;
  execute(...args: unknown[]): Promise<unknown>;
  all(...args: unknown[]): Promise<unknown>;
}

let queriesSpanned = false;

/**
 * A span around every statement Drizzle runs, on either engine and inside transactions: its prepared query's
 * execute and all. The statement's text has placeholders ($1), never the values, so no personal data is
 * exported. Drizzle's own tracing hook would add the values and is never switched on.
 */
function spanDatabaseQueries(): void {
  if (queriesSpanned) return;
  queriesSpanned = true;
  const engines: [{ prototype: unknown }, string][] = [
    [NodePgPreparedQuery, 'postgresql'],
    [PglitePreparedQuery, 'pglite'],
  ];
  for (const [queryClass, engine] of engines) {
    const prototype = queryClass.prototype as PreparedQuery;
    for (const method of ['execute', 'all'] as const) {
      const original = prototype[method];
      prototype[method] = function spanned(this: PreparedQuery, ...args: unknown[]) {
        const text = this.queryString;
        return inSpan(
          `db ${text.slice(0, text.indexOf(' ') > 0 ? text.indexOf(' ') : text.length).toLowerCase()}`,
          { 'db.system.name': 'postgresql', 'db.engine': engine, 'db.query.text': text },
          () => original.apply(this, args),
        );
      };
    }
  }
}

/**
 * Registers the OpenTelemetry SDK (decision 055). The server imports this file only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, so a server without it loads none of the SDK.
 */
export function startTracing(config: TracingConfig): Tracing {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: `${config.endpoint.replace(/\/+$/, '')}/v1/traces` }),
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  spanDatabaseQueries();
  return {
    flush: () => provider.forceFlush(),
    async shutdown() {
      // A collector that is down must not turn a clean stop into a crash: the spans are lost, the stop is not.
      await provider.shutdown().catch(() => {});
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
