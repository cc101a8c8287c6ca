import { createRequire } from 'node:module';
import { TraceFlags } from '@opentelemetry/api';
import type { Sampler, SpanExporter } from '@opentelemetry/sdk-trace-base';

/**
 * OpenTelemetry traces (decision 058, docs/operations/runbook.md "Traces"). Nothing here is loaded unless
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (main.ts imports this module only then): without it no SDK, no patched driver,
 * no request hook, and the portal's own spans (render tasks, jobs) ask the API for the active span and find none.
 *
 * With it: a tracer provider with the W3C trace-context propagator and an AsyncLocalStorage context, the pg
 * instrumentation (a span per statement under the request that ran it, named after the prepared statement where
 * there is one), and spans sent in batches over OTLP/HTTP. Request spans come from observability/request-spans.ts.
 *
 * Sampling is the portal's own (decision 065): a trace that starts here is kept with probability `sampleRatio`
 * (TRACE_SAMPLE_RATIO, default 0.05), and a caller's sampled `traceparent` is always followed, so a proxy or a person
 * debugging one request still gets the whole trace. Every request traced cost half of `/me`'s throughput
 * (docs/operations/runbook.md, "What observability costs"). OTEL_TRACES_SAMPLER, when set, wins: the SDK reads it.
 */
export interface Tracing {
  /** Sends what is buffered and stops; the pg driver is unpatched. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** Where spans go; default OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (`/v1/traces` appended by the exporter). */
  exporter?: SpanExporter;
  /** Export each span when it ends instead of in batches (tests with the in-memory exporter). */
  immediate?: boolean;
  serviceName?: string;
  /**
   * The share of traces started here that are kept (0–1); a sampled parent is always followed. The portal's default
   * is TRACE_SAMPLE_RATIO's (config.ts).
   */
  sampleRatio: number;
}

/**
 * A new trace linked to a sampled one is kept: a job queued by a sampled request starts a trace of its own with a
 * link to the request (jobs/queue.ts), and whoever follows the request wants the job too. Otherwise `next` decides.
 */
function followSampledLinks(base: typeof import('@opentelemetry/sdk-trace-base'), next: Sampler): Sampler {
  return {
    shouldSample: (context, traceId, name, kind, attributes, links) =>
      links.some((link) => (link.context.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED)
        ? { decision: base.SamplingDecision.RECORD_AND_SAMPLED }
        : next.shouldSample(context, traceId, name, kind, attributes, links),
    toString: () => `FollowSampledLinks{${next.toString()}}`,
  };
}

export async function startTracing(options: TracingOptions): Promise<Tracing> {
  const [
    { NodeTracerProvider },
    base,
    { resourceFromAttributes },
    { registerInstrumentations },
    { PgInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const exporter =
    options.exporter ?? new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': options.serviceName ?? process.env.OTEL_SERVICE_NAME ?? 'portal',
    }),
    ...(process.env.OTEL_TRACES_SAMPLER
      ? {}
      : {
          sampler: new base.ParentBasedSampler({
            root: followSampledLinks(base, new base.TraceIdRatioBasedSampler(options.sampleRatio)),
          }),
        }),
    spanProcessors: [
      options.immediate ? new base.SimpleSpanProcessor(exporter) : new base.BatchSpanProcessor(exporter),
    ],
  });
  // Global tracer provider, AsyncLocalStorage context manager, W3C traceparent/tracestate and baggage propagators.
  provider.register();
  // No connect spans: the instrumentation runs every pool connect inside `context.with`, even with no request around
  // it, which switches on Node 20's async hooks for every promise of the process from then on (a few microseconds a
  // request in a profile of `/me`; docs/operations/runbook.md). How long a connection took to get is the pool's
  // metric.
  const pgInstrumentation = new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true });
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [pgInstrumentation],
  });
  // The portal imports pg as an ES module, which the instrumentation's require hook does not see: one require
  // through the hook patches pg's Client prototype, which the ES import shares (the same CommonJS module).
  createRequire(import.meta.url)('pg');
  return {
    shutdown: async () => {
      unregister();
      await provider.shutdown();
      const api = await import('@opentelemetry/api');
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
}
