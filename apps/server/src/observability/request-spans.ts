import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A span per request (observability/tracing.ts), registered by buildApp only when tracing is on. The caller's W3C
 * `traceparent` (a proxy's, a browser's) is the parent, so the portal's span joins the trace that reached it. The
 * span is made the active context for the rest of the request, so the database statements, render tasks and jobs it
 * starts hang under it; the request's log lines carry `trace_id` and `span_id`, so a log line leads to its trace.
 * Only sampled requests do: the others have no trace to lead to.
 */
export const requestSpansPlugin = fp(
  async (app: FastifyInstance) => {
    const tracer = trace.getTracer('portal');
    app.addHook('onRequest', (request, reply, done) => {
      const parent = propagation.extract(ROOT_CONTEXT, request.headers);
      const route = request.routeOptions.url ?? 'unmatched';
      const span = tracer.startSpan(
        `${request.method} ${route}`,
        {
          kind: SpanKind.SERVER,
          attributes: { 'http.request.method': request.method, 'http.route': route },
        },
        parent,
      );
      // A request the sampler passed over (decision 065) costs no more than that: nothing under it could be kept
      // (the sampler follows its parent), so neither its context nor a logger of its own is made, and the pg
      // instrumentation, which wants a parent span, skips its statements.
      if (!span.isRecording()) return done();
      const { traceId, spanId } = span.spanContext();
      // The reply's logger too: it writes "request completed".
      request.log = request.log.child({ trace_id: traceId, span_id: spanId });
      reply.log = request.log;
      const ended = () => {
        span.setAttribute('http.response.status_code', reply.statusCode);
        if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      };
      reply.raw.once('close', ended);
      // Everything the request does from here runs inside the span's context (AsyncLocalStorage).
      context.with(trace.setSpan(parent, span), done);
    });
  },
  { name: 'request-spans' },
);
