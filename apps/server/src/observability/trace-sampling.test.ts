import { context, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing, type Tracing } from './tracing.js';

/**
 * The portal samples its own traces (decision 065): with a ratio of 0 a trace started here is not kept, while a
 * caller's sampled traceparent is followed and an unsampled one is not, and a job's trace linked to a sampled request
 * is kept. No database: the sampler alone.
 */
const exporter = new InMemorySpanExporter();
let tracing: Tracing;

const withParent = (flags: '00' | '01') =>
  propagation.extract(ROOT_CONTEXT, {
    traceparent: `00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-${flags}`,
  });

describe('trace sampling', () => {
  beforeAll(async () => {
    tracing = await startTracing({ exporter, immediate: true, sampleRatio: 0 });
  });
  afterAll(() => tracing?.shutdown());

  it('keeps no trace it starts itself at a ratio of 0, yet follows a sampled caller', () => {
    const tracer = trace.getTracer('portal');
    const own = tracer.startSpan('GET /me');
    expect(own.isRecording()).toBe(false);
    // Still a trace id for the log line, though nothing is sent.
    expect(own.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
    own.end();

    const followed = tracer.startSpan('GET /me', {}, withParent('01'));
    expect(followed.isRecording()).toBe(true);
    context.with(trace.setSpan(ROOT_CONTEXT, followed), () => tracer.startSpan('pg.query').end());
    followed.end();

    const declined = tracer.startSpan('GET /me', {}, withParent('00'));
    expect(declined.isRecording()).toBe(false);
    declined.end();

    const names = exporter.getFinishedSpans().map((span) => span.name);
    expect(names.sort()).toEqual(['GET /me', 'pg.query']);
    expect(
      exporter.getFinishedSpans().every((span) => span.spanContext().traceId.startsWith('4bf92f35')),
    ).toBe(true);
  });
});
