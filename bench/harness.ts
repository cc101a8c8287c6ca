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

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

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
