// Drives a running portal past its in-flight limit (MAX_IN_FLIGHT) and prints what callers saw: how many were served,
// how many were refused with 503 + Retry-After (load shedding), whether readiness kept answering, and whether the
// portal serves normally once the load stops. Run by overload.sh, which starts the portal and signs in.
//   node tests/security/overload.mjs <origin> <sessions.json> [connections] [seconds]
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [origin, sessionsFile, connectionsArg = '200', secondsArg = '10'] = process.argv.slice(2);
const sessions = JSON.parse(readFileSync(sessionsFile, 'utf8'));
const connections = Number(connectionsArg);
const duration = Number(secondsArg);
const api = '/angel/face/en/api';
// The producer's client list: a signed-in call with a real query, the kind of request that queues on the database.
const headers = {
  cookie: sessions.producer.cookie,
  'x-csrf-token': sessions.producer.csrfToken,
  'content-type': 'application/json',
};
const body = JSON.stringify({ page: 1, sizePerPage: 10 });

const refusals = { withRetryAfter: 0, without: 0, bodies: new Set() };
const probes = { livez: [], readyz: [] };
let loadRunning = true;
// Liveness and readiness during the load, every 500 ms each, as an orchestrator and a load balancer would ask.
const probe = async (path) => {
  while (loadRunning) {
    const started = performance.now();
    const response = await fetch(`${origin}/${path}`).catch(() => undefined);
    probes[path].push({ status: response?.status ?? 0, ms: performance.now() - started });
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};
const probing = Promise.all([probe('livez'), probe('readyz')]);

const result = await autocannon({
  url: origin,
  connections,
  duration,
  requests: [
    {
      method: 'POST',
      path: `${api}/b2b/clients`,
      headers,
      body,
      onResponse: (status, responseBody, _context, responseHeaders) => {
        if (status !== 503) return;
        if (responseHeaders?.['retry-after']) refusals.withRetryAfter++;
        else refusals.without++;
        if (refusals.bodies.size < 3) refusals.bodies.add(responseBody);
      },
    },
  ],
});
loadRunning = false;
await probing;

// After the load: ten calls one after the other must all be served.
const after = [];
for (let i = 0; i < 10; i++) {
  const started = performance.now();
  const response = await fetch(`${origin}${api}/b2b/clients`, { method: 'POST', headers, body });
  after.push({ status: response.status, ms: performance.now() - started });
}

const codes = Object.fromEntries(
  Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
);
const served = codes['200'] ?? 0;
const shed = codes['503'] ?? 0;
const total = Object.values(codes).reduce((sum, count) => sum + count, 0);
const ms = (n) => `${Math.round(n)} ms`;
console.log(
  `load: ${connections} connections for ${duration} s on POST ${api}/b2b/clients (signed-in partner)`,
);
console.log(
  `answers: ${total} (${JSON.stringify(codes)}), errors ${result.errors}, timeouts ${result.timeouts}`,
);
console.log(
  `served: ${served} (${Math.round(served / duration)}/s); shed: ${shed} (${Math.round((100 * shed) / Math.max(total, 1))} %), with Retry-After: ${refusals.withRetryAfter}, without: ${refusals.without}`,
);
console.log(
  `latency of all answers: p50 ${ms(result.latency.p50)}, p90 ${ms(result.latency.p90)}, p99 ${ms(result.latency.p99)}, max ${ms(result.latency.max)}`,
);
console.log(`refusal body: ${[...refusals.bodies].join(' | ')}`);
const probeLine = (path) => {
  const list = probes[path];
  const codes = [...new Set(list.map((p) => p.status))].join(',');
  return `${list.length} probes, statuses ${codes}, slowest ${ms(Math.max(...list.map((p) => p.ms)))}`;
};
console.log(`liveness during the load: ${probeLine('livez')}`);
console.log(
  `readiness during the load: ${probeLine('readyz')} (503 = the database did not answer select 1 in 1 s)`,
);
console.log(
  `after the load: ${after.map((a) => a.status).join(',')}; slowest ${ms(Math.max(...after.map((a) => a.ms)))}`,
);

// Pass: refusals carry Retry-After, the process stays alive and answering, and serves normally right after.
// Timeouts are reported, not failed: they measure how long admitted requests waited on this machine's database.
const recovered = after.every((a) => a.status === 200);
const refusedProperly = refusals.without === 0;
const alive = probes.livez.every((p) => p.status === 200);
const readinessAnswered = probes.readyz.every((p) => p.status === 200 || p.status === 503);
if (!recovered || !refusedProperly || !alive || !readinessAnswered) {
  console.error(
    `overload: recovered ${recovered}, 503s with Retry-After ${refusedProperly}, liveness 200 ${alive}, readiness answered ${readinessAnswered}`,
  );
  process.exit(1);
}
