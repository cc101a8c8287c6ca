import { Agent, get as httpGet } from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon, { type AutocannonRequest } from 'autocannon';

/*
 * HTTP load over real sockets (autocannon, in the bench's own process) and the ratio rows the bench judges. A ratio
 * compares the portal with a bare baseline measured in the same run, alternately (A B A B A B), so machine noise
 * (other work on the 2 shared cores) hits both sides alike and cancels out of the ratio; absolute figures are printed
 * beside it but never judged.
 */

/** One side of a pair: a URL (the origin and first path) and the headers every request carries. */
export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
  /** Several paths (distinct statements, say): each connection cycles through them in order. */
  requests?: AutocannonRequest[];
}

export interface LoadResult {
  /** Successful (2xx) answers per second: a failed request is not throughput. */
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
}

export interface LoadOptions {
  seconds: number;
  connections: number;
}

/** A window that holds fewer answers than this says nothing: it is measured again, twice as long. */
const MIN_ANSWERS = 20;

/**
 * Runs autocannon against `target`; any answer but a 2xx, and any socket error or timeout, fails the case. A window
 * with fewer than MIN_ANSWERS answers (slow requests, a loaded machine) is repeated at twice its length, up to 8×.
 */
export async function load(target: LoadTarget, options: LoadOptions): Promise<LoadResult> {
  for (let seconds = options.seconds; ; seconds *= 2) {
    const result = await autocannon({
      url: target.url,
      connections: options.connections,
      duration: seconds,
      // A PDF under load can queue behind others for seconds; autocannon's default (10 s) would count it as lost.
      timeout: 60,
      headers: target.headers,
      ...(target.requests ? { requests: target.requests } : {}),
    });
    if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
      throw new Error(
        `${target.url}: ${result.errors} errors, ${result.timeouts} timeouts, statuses ${JSON.stringify(result.statusCodeStats)}`,
      );
    }
    if (result['2xx'] >= MIN_ANSWERS || seconds >= options.seconds * 8)
      return {
        reqPerSec: result['2xx'] / result.duration,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        requests: result['2xx'],
      };
  }
}

export const median = (values: number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** `min`: the ratio must reach the value (throughput); `max`: it must stay under it (latency, bytes). */
export interface Target {
  op: 'min' | 'max';
  value: number;
}

/** One row of the bench's table. Only rows with a target and `judged` decide the exit code. */
export interface Ratio {
  name: string;
  portal: number;
  baseline: number;
  /** Of `portal` and `baseline`: req/s, ms, kB, score… */
  unit: string;
  ratio: number;
  target: Target | null;
  /** False for indicative runs (PGlite) and cases that are printed only. */
  judged: boolean;
  /** Latencies of the throughput cases (medians over the repetitions): portal p50/p99, baseline p50/p99. */
  latency?: { portal: [number, number]; baseline: [number, number] };
  note?: string;
}

export function passes(row: Ratio): boolean | null {
  if (!row.target) return null;
  if (!Number.isFinite(row.ratio)) return false;
  return row.target.op === 'min' ? row.ratio >= row.target.value : row.ratio <= row.target.value;
}

/** A side measured some other way than one autocannon run (several clients at once, say). */
export interface CustomLoad {
  run(options: LoadOptions): Promise<LoadResult>;
}
export type LoadSide = LoadTarget | CustomLoad;

/**
 * After an autocannon window the server still works through the requests cut off at its end (up to one per
 * connection: for a 500 ms statement that is seconds of CPU), which would land in the other side's window. One more
 * request, answered only once that backlog has gone through, then a breath, before the other side starts.
 */
export async function settle(side: LoadTarget): Promise<void> {
  const url = new URL(side.url);
  const first = side.requests?.[0];
  const agent = new Agent({ keepAlive: false });
  try {
    await timedGet(url, agent, {
      path: first?.path ?? url.pathname + url.search,
      headers: { ...side.headers, ...first?.headers },
    });
  } finally {
    agent.destroy();
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}

async function runSide(side: LoadSide, options: LoadOptions): Promise<LoadResult> {
  if ('run' in side) return side.run(options);
  const result = await load(side, options);
  await settle(side);
  return result;
}

export interface PairOptions {
  name: string;
  portal: LoadSide;
  baseline: LoadSide;
  /** The least acceptable portal ÷ baseline throughput; null: printed only. */
  target: number | null;
  reps: number;
  seconds: number;
  connections: number;
  judged?: boolean;
  note?: string;
  /** What the portal side counts (the baseline is always req/s): 'PDFs/s' … */
  unit?: string;
}

/**
 * Warms both sides up (connections, JIT, the database's plan and buffer caches), then runs portal and baseline
 * alternately `reps` times and reports the median of the per-repetition ratios: a repetition's two halves ran
 * seconds apart, so they saw the same machine. Absolute req/s and latencies are the medians of the repetitions.
 */
export async function measurePair(options: PairOptions): Promise<Ratio> {
  const warmUp = { seconds: Math.min(1, options.seconds), connections: options.connections };
  await runSide(options.portal, warmUp);
  await runSide(options.baseline, warmUp);
  const runs: { portal: LoadResult; baseline: LoadResult }[] = [];
  const measured = { seconds: options.seconds, connections: options.connections };
  for (let rep = 0; rep < options.reps; rep++) {
    const portal = await runSide(options.portal, measured);
    const baseline = await runSide(options.baseline, measured);
    runs.push({ portal, baseline });
    // Progress on stderr: the table comes at the end, and a full run takes minutes.
    console.error(
      `  ${options.name} #${rep + 1}: portal ${portal.reqPerSec.toFixed(0)} req/s, baseline ${baseline.reqPerSec.toFixed(0)} req/s`,
    );
  }
  const pick = (side: 'portal' | 'baseline', key: keyof LoadResult) => median(runs.map((r) => r[side][key]));
  return {
    name: options.name,
    portal: pick('portal', 'reqPerSec'),
    baseline: pick('baseline', 'reqPerSec'),
    ratio: median(runs.map((r) => r.portal.reqPerSec / r.baseline.reqPerSec)),
    target: options.target === null ? null : { op: 'min', value: options.target },
    judged: options.target !== null && (options.judged ?? true),
    unit: options.unit ?? 'req/s',
    latency: {
      portal: [pick('portal', 'p50Ms'), pick('portal', 'p99Ms')],
      baseline: [pick('baseline', 'p50Ms'), pick('baseline', 'p99Ms')],
    },
    ...(options.note ? { note: options.note } : {}),
  };
}

export interface LoopRequest {
  path: string;
  headers: Record<string, string>;
}

const percentileOf = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

/** One GET, body read to its end; its status and milliseconds. */
function timedGet(origin: URL, agent: Agent, request: LoopRequest): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpGet(
      { host: origin.hostname, port: origin.port, path: request.path, headers: request.headers, agent },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

/**
 * A closed loop for slow documents: each group (one person) keeps `workers` requests in flight, cycling through its
 * requests, until the window ends; requests in flight then run to their end and count, and the time is taken to the
 * last answer. Unlike autocannon, nothing is cut off at the end of a window: a cut-off PDF would keep rendering and
 * hold the person's render slot into the next window (a 429 there).
 */
export function closedLoop(
  origin: string,
  groups: { requests: LoopRequest[]; workers: number }[],
): CustomLoad {
  const url = new URL(origin);
  return {
    run: async (options) => {
      const samples: number[] = [];
      const started = performance.now();
      const until = started + options.seconds * 1000;
      const agents: Agent[] = [];
      const loops = groups.flatMap((group) => {
        const agent = new Agent({ keepAlive: true, maxSockets: group.workers });
        agents.push(agent);
        return Array.from({ length: group.workers }, async (_, worker) => {
          // Workers of one person start at different requests, so they ask for different documents.
          for (let i = worker; performance.now() < until; i += group.workers) {
            const request = group.requests[i % group.requests.length] as LoopRequest;
            const answer = await timedGet(url, agent, request);
            // The person's render slots may still be held by the previous portal's last renders (leases live in
            // the database until they expire): wait as told and ask again; the wait counts against the rate.
            if (answer.status === 429) {
              await new Promise((resolve) => setTimeout(resolve, 200));
              i -= group.workers;
              continue;
            }
            if (answer.status !== 200) throw new Error(`${request.path} answered ${answer.status}`);
            samples.push(answer.ms);
          }
        });
      });
      try {
        await Promise.all(loops);
      } finally {
        for (const agent of agents) agent.destroy();
      }
      const elapsed = (performance.now() - started) / 1000;
      samples.sort((a, b) => a - b);
      return {
        reqPerSec: samples.length / elapsed,
        p50Ms: percentileOf(samples, 50),
        p99Ms: percentileOf(samples, 99),
        requests: samples.length,
      };
    },
  };
}
