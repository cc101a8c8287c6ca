import { createServer, get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { BenchContext, CaseOutput, Check } from '../context.js';
import { type LoadTarget, measurePair } from '../http-load.js';
import { api, getJson } from '../portal-session.js';
import { BENCH_TMP, freePort, type ServerProcess, startPortal } from '../processes.js';

/*
 * What watching the portal costs (docs/operations/runbook.md, "What observability costs"): portal processes on the
 * same PostgreSQL database, alike but for metrics and traces — one with `METRICS_PORT` (scraped every second, far
 * more often than Prometheus would) and `OTEL_EXPORTER_OTLP_ENDPOINT` (spans batched to a local OTLP sink that reads
 * and drops them) at the portal's default sampling (TRACE_SAMPLE_RATIO 0.05, decision 065), the other with neither —
 * measured alternately on the signed-in client's `GET /me` and the partner's New Business page 1. Judged on
 * PostgreSQL: on ≥ 0.95 of off. Printed beside them: metrics alone, and every trace kept. None runs job workers, so
 * none carries the queue's polling.
 */

const TARGET = 0.95;
/** USER_CONCURRENT_LISTS' default: the most lists one person may have under way (more are answered 429). */
const ONE_PERSONS_LISTS = 4;

/** An OTLP/HTTP receiver that counts what it is sent and answers an empty (valid) export response. */
async function startOtlpSink() {
  const received = { requests: 0, bytes: 0 };
  const server = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => {
      received.bytes += chunk.length;
    });
    request.on('end', () => {
      received.requests++;
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One scrape of the metrics listener: the body's size, or 0 when it did not answer 200. */
function scrape(port: number): Promise<number> {
  return new Promise((resolve) => {
    const req = httpGet({ host: '127.0.0.1', port, path: '/metrics' }, (res) => {
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      res.on('end', () => resolve(res.statusCode === 200 ? size : 0));
    });
    req.on('error', () => resolve(0));
  });
}

export async function observabilityCostCase(ctx: BenchContext): Promise<CaseOutput> {
  if (!ctx.databaseUrl)
    throw new Error('observability needs PostgreSQL (DATABASE_URL): both processes share its sessions');
  const sink = await startOtlpSink();
  const metricsPort = await freePort();
  const started: ServerProcess[] = [];
  const portal = async (name: string, env: Record<string, string>) => {
    const process = await startPortal({
      name,
      databaseUrl: ctx.databaseUrl,
      dataDir: join(BENCH_TMP, `${name}-data`),
      extraEnv: { JOB_WORKERS: 'false', ...env },
    });
    started.push(process);
    return process;
  };
  let largestScrape = 0;
  let scrapes = 0;
  const scraper = setInterval(() => {
    void scrape(metricsPort).then((size) => {
      scrapes++;
      largestScrape = Math.max(largestScrape, size);
    });
  }, 1000);
  try {
    const traced = { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_SERVICE_NAME: 'portal-bench' };
    const off = await portal('portal-obs-off', {});
    const on = await portal('portal-obs-on', { METRICS_PORT: String(metricsPort), ...traced });
    // Printed: metrics alone, and every trace kept (what sampling saves).
    const metricsOnly = await portal('portal-obs-metrics', { METRICS_PORT: String(await freePort()) });
    const everyTrace = await portal('portal-obs-every-trace', { ...traced, TRACE_SAMPLE_RATIO: '1' });
    const client = ctx.users.client.headers;
    /** The signed-in client's `GET /me` on `origin` against the same on the process with neither. */
    const meAgainstOff = (name: string, origin: string, target: number | null) =>
      measurePair({
        name,
        portal: { url: origin + api('/me'), headers: client },
        baseline: { url: off.origin + api('/me'), headers: client },
        target,
        ...ctx.load,
      });
    const { csrfToken } = await getJson<{ csrfToken: string }>(
      off.origin,
      api('/me'),
      ctx.users.producer.headers,
    );
    const listRequest = {
      method: 'POST' as const,
      path: api('/b2b/new_business'),
      headers: {
        ...ctx.users.producer.headers,
        'x-csrf-token': csrfToken,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ stage: 'all', page: 1 }),
    };
    const list = (origin: string): LoadTarget => ({ url: origin, requests: [listRequest] });
    const ratios = [
      await meAgainstOff(
        'GET /me (signed-in client), metrics and traces (5% sampled) on ÷ off',
        on.origin,
        TARGET,
      ),
      await measurePair({
        name: 'New Business page 1 (partner1, 4 in flight), metrics and traces (5% sampled) on ÷ off',
        portal: list(on.origin),
        baseline: list(off.origin),
        target: TARGET,
        ...ctx.load,
        connections: ONE_PERSONS_LISTS,
      }),
      await meAgainstOff('GET /me (signed-in client), metrics only ÷ off', metricsOnly.origin, null),
      await meAgainstOff('GET /me (signed-in client), every trace kept ÷ off', everyTrace.origin, null),
    ];
    // The spans leave in batches (every 5 s by default): give the last one its time before counting.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const checks: Check[] = [
      {
        name: 'observability on: spans reached the OTLP sink',
        value: `${sink.received.requests} exports, ${sink.received.bytes} bytes`,
        pass: sink.received.requests > 0 && sink.received.bytes > 0,
      },
      {
        name: 'observability on: /metrics answered every second',
        value: `${scrapes} scrapes, largest ${largestScrape} bytes`,
        pass: scrapes > 0 && largestScrape > 0,
      },
    ];
    return { ratios, checks };
  } finally {
    clearInterval(scraper);
    for (const process of started) await process.stop();
    await sink.close();
  }
}
