import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maskUrlForLog } from '../../plugins/log-redaction.ts';
import { recordSpanError, tracer } from './tracing.ts';

interface RequestTrace {
  span: Span;
  context: Context;
}

/**
 * A server span per request (decision 055), a child of the caller's `traceparent` when there is one. The
 * request's context is entered when it arrives and again once its body is read (the body's stream callbacks
 * run outside it), so the handler's database spans and processor calls become its children. Hand-written
 * instead of the http and fastify instrumentations: those patch modules through a loader hook that every start
 * would pay for, and the spans the issue asks for fit in these hooks.
 */
export function registerHttpTracing(app: FastifyInstance): void {
  const traces = new WeakMap<FastifyRequest, RequestTrace>();

  app.addHook('onRequest', (request, reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer.startSpan(
      request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'url.path': maskUrlForLog(request.url),
          'mandado.request_id': request.id,
        },
      },
      parent,
    );
    const spanContext = trace.setSpan(parent, span);
    traces.set(request, { span, context: spanContext });
    // The response names the trace, so a failing request reported by a user can be found.
    reply.header('traceparent', `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`);
    context.with(spanContext, done);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const current = traces.get(request);
    if (current) context.with(current.context, done);
    else done();
  });

  app.addHook('onError', async (request, _reply, error) => {
    const current = traces.get(request);
    if (current) recordSpanError(current.span, error);
  });

  app.addHook('onResponse', async (request, reply) => {
    const current = traces.get(request);
    if (!current) return;
    const route = request.routeOptions.url;
    if (route) {
      current.span.setAttribute('http.route', route);
      current.span.updateName(`${request.method} ${route}`);
    }
    current.span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) current.span.setStatus({ code: SpanStatusCode.ERROR });
    current.span.end();
    traces.delete(request);
  });
}
