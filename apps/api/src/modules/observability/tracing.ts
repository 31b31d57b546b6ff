import { type Attributes, type Span, SpanStatusCode, trace } from '@opentelemetry/api';

/**
 * Manual spans through @opentelemetry/api (decision 055). Without a registered SDK (OTEL_EXPORTER_OTLP_ENDPOINT
 * unset) the API's tracer is a no-op: a span costs a function call and nothing is recorded or sent.
 */
export const tracer = trace.getTracer('mandado');

/** Runs `run` inside an active span that records a thrown error and always ends. */
export function inSpan<T>(name: string, attributes: Attributes, run: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await run(span);
    } catch (error) {
      recordSpanError(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Marks a span failed with the error's type and message (never a request's body). */
export function recordSpanError(span: Span, error: unknown): void {
  if (error instanceof Error) span.recordException(error);
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}
