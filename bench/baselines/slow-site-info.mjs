import { subscribe } from 'node:diagnostics_channel';

/*
 * The bench's self-test (BENCH_SELFTEST=slow): loaded into the portal process with NODE_OPTIONS=--import, it makes
 * every /site_info request burn BENCH_SLOW_SITE_INFO_US microseconds of CPU time on the event loop before the portal
 * sees it. The bench sets that to twice the CPU time one /site_info costs the process (measured just before), so the
 * route costs three times as much and the bench must report the ratio missed. Node's own diagnostics channel, so no server code changes and
 * the hook works for the tsx and the compiled server alike; without the variable it does nothing.
 */
const delayUs = Number(process.env.BENCH_SLOW_SITE_INFO_US ?? 0);

if (delayUs > 0) {
  subscribe('http.server.request.start', ({ request }) => {
    if (!request.url?.includes('/api/site_info')) return;
    // CPU time, not wall time: a timer would cost no CPU, and on a busy machine a wall-clock loop would be cut short
    // by the time the process spends descheduled. (process.cpuUsage counts every thread; the render threads idle.)
    const start = process.cpuUsage();
    for (;;) {
      const used = process.cpuUsage(start);
      if (used.user + used.system >= delayUs) break;
    }
  });
}
