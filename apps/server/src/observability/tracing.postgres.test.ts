import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { demoAccount } from '../db/seed/demo-accounts.js';
import { ApiAgent } from '../testing/http.js';
import { signInAs } from '../testing/sessions.js';
import { openTestDatabase } from '../testing/test-app.js';
import { startTracing, type Tracing } from './tracing.js';

/**
 * Traces with the OpenTelemetry in-memory exporter: one list request, sent with a proxy's W3C traceparent, yields a
 * request span in that trace and, under it, the database spans of its named search statements; the request's log
 * lines carry the trace id. PostgreSQL only: the named statements and the pg driver's spans exist there alone.
 */
const exporter = new InMemorySpanExporter();
const lines: string[] = [];
let tracing: Tracing;
let app: FastifyInstance;
let closeAll: () => Promise<void>;

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('traces', () => {
  beforeAll(async () => {
    // Every trace started here kept, unless a test says otherwise through its caller's traceparent.
    tracing = await startTracing({ exporter, immediate: true, sampleRatio: 1 });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', WEB_DIST: '/nonexistent' });
    const { database, drop } = await openTestDatabase();
    const clock = { now: new Date() };
    app = await buildApp({
      config,
      database,
      now: () => clock.now,
      tracing: true,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    await app.ready();
    const partner = new ApiAgent(app);
    await signInAs({ database, clock, config }, partner, demoAccount('partner').login);
    agent = partner;
    closeAll = async () => {
      await app.close();
      await database.close();
      await drop();
    };
  });
  afterAll(async () => {
    await closeAll?.();
    await tracing?.shutdown();
  });
  let agent: ApiAgent;

  it('a list request: request span in the caller’s trace, database spans with the statement name, trace id in the log', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpanId = '00f067aa0ba902b7';
    exporter.reset();
    const response = await agent.request({
      method: 'POST',
      url: '/angel/face/en/api/b2b/new_business',
      payload: { stage: 'all' },
      headers: { traceparent: `00-${traceId}-${callerSpanId}-01`, 'x-csrf-token': agent.csrfToken ?? '' },
    });
    expect(response.statusCode).toBe(200);
    const spans = exporter.getFinishedSpans();
    const request = spans.find((s) => s.name === 'POST /angel/face/:lang/api/b2b/new_business');
    expect(request).toBeDefined();
    expect(request?.spanContext().traceId).toBe(traceId);
    expect(parentOf(request as ReadableSpan)).toBe(callerSpanId);
    expect(request?.attributes['http.response.status_code']).toBe(200);
    const statements = spans.filter(
      (s) =>
        s.spanContext().traceId === traceId &&
        String(s.attributes['db.postgresql.plan'] ?? '').startsWith('search_'),
    );
    // The page and the count, each a named statement, each under the request (directly or through drizzle's span).
    expect(statements.length).toBeGreaterThanOrEqual(2);
    for (const statement of statements) {
      expect(statement.name).toMatch(/^pg\.query:search_/);
      expect(statement.spanContext().traceId).toBe(traceId);
    }
    const logged = lines.filter((l) => l.includes(`"trace_id":"${traceId}"`));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.some((l) => l.includes('request completed'))).toBe(true);
  });

  it('a request without traceparent starts a trace of its own', async () => {
    exporter.reset();
    expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);
    const [span] = exporter.getFinishedSpans().filter((s) => s.name === 'GET /livez');
    expect(span?.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(parentOf(span as ReadableSpan)).toBeUndefined();
  });
});
