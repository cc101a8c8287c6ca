import { performance } from 'node:perf_hooks';

export interface BenchResult {
  name: string;
  runs: number;
  opsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  /** Load cases report their worst sample too. */
  maxMs?: number;
  targetP95Ms: number;
  pass: boolean;
}

export interface BenchCase {
  name: string;
  /** The p95 latency this case must stay under on the reference machine (2 cores), in milliseconds. */
  targetP95Ms: number;
  runs: number;
  run: () => Promise<unknown>;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** Runs a case sequentially after a short warm-up and reports its latency distribution against its target. */
export async function measure(bench: BenchCase): Promise<BenchResult> {
  for (let i = 0; i < Math.min(20, bench.runs); i++) await bench.run();
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < bench.runs; i++) {
    const t0 = performance.now();
    await bench.run();
    samples.push(performance.now() - t0);
  }
  const elapsed = performance.now() - started;
  samples.sort((a, b) => a - b);
  const p95Ms = percentile(samples, 95);
  return {
    name: bench.name,
    runs: bench.runs,
    opsPerSecond: Math.round((bench.runs / elapsed) * 1000),
    p50Ms: Number(percentile(samples, 50).toFixed(2)),
    p95Ms: Number(p95Ms.toFixed(2)),
    targetP95Ms: bench.targetP95Ms,
    pass: p95Ms <= bench.targetP95Ms,
  };
}

export interface ConcurrentResult {
  name: string;
  concurrency: number;
  requests: number;
  opsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

/**
 * Keeps `concurrency` calls in flight for `durationMs` (after a warm-up of the same length / 4) and reports
 * throughput and latency. Used to compare an endpoint with the same SQL run bare through the driver.
 */
export async function measureConcurrent(
  name: string,
  options: { concurrency: number; durationMs: number },
  run: () => Promise<unknown>,
): Promise<ConcurrentResult> {
  const loop = async (until: number, samples: number[] | null) => {
    while (performance.now() < until) {
      const t0 = performance.now();
      await run();
      samples?.push(performance.now() - t0);
    }
  };
  const warmUntil = performance.now() + options.durationMs / 4;
  await Promise.all(Array.from({ length: options.concurrency }, () => loop(warmUntil, null)));
  const samples: number[] = [];
  const started = performance.now();
  const until = started + options.durationMs;
  await Promise.all(Array.from({ length: options.concurrency }, () => loop(until, samples)));
  const elapsed = performance.now() - started;
  samples.sort((a, b) => a - b);
  return {
    name,
    concurrency: options.concurrency,
    requests: samples.length,
    opsPerSecond: Math.round((samples.length / elapsed) * 1000),
    p50Ms: Number(percentile(samples, 50).toFixed(1)),
    p95Ms: Number(percentile(samples, 95).toFixed(1)),
    maxMs: Number((samples.at(-1) ?? 0).toFixed(1)),
  };
}
