import { subscribe } from 'node:diagnostics_channel';

/*
 * The bench's self-test (BENCH_SELFTEST=slow): loaded into the portal process with NODE_OPTIONS=--import, it makes
 * every /site_info request burn BENCH_SLOW_SITE_INFO_US microseconds of the event loop before the portal sees it.
 * The bench sets that to twice the time one /site_info costs (measured just before), so the route costs three times
 * as much and the bench must report the ratio missed. Node's own diagnostics channel, so no server code changes and
 * the hook works for the tsx and the compiled server alike; without the variable it does nothing.
 */
const delayNs = BigInt(Math.round(Number(process.env.BENCH_SLOW_SITE_INFO_US ?? 0) * 1000));

if (delayNs > 0n) {
  subscribe('http.server.request.start', ({ request }) => {
    if (!request.url?.includes('/api/site_info')) return;
    const until = process.hrtime.bigint() + delayNs;
    // Busy on purpose: a timer would not cost CPU, and the ratio measures CPU-bound throughput.
    while (process.hrtime.bigint() < until);
  });
}
