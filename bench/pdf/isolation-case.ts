import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import type { Config } from '../../apps/server/src/config.js';
import type { Database } from '../../apps/server/src/db/client.js';
import { ApiAgent, api } from '../../apps/server/src/testing/http.js';
import { signInAs } from '../../apps/server/src/testing/sessions.js';
import type { BenchResult } from '../harness.js';

/** One client signed in: its session cookie, and the statement accounts (party ids) it may download. */
export interface BenchClient {
  cookie: string;
  partyIds: number[];
}

/** A client's session and the statement accounts it may download (found the way the SPA finds them). */
export async function signedInBenchClient(
  database: Database,
  config: Config,
  login: string,
): Promise<BenchClient> {
  const app = await buildApp({ config, database, logger: false });
  const agent = new ApiAgent(app, 'afs.localhost', 'zh');
  await signInAs({ database, config, clock: { now: new Date() } }, agent, login);
  const plans = (await agent.get('/b2c/plans')).json().data as { id: number }[];
  let partyId = 0;
  for (const plan of plans) {
    partyId = (await agent.get(`/b2c/plans/${plan.id}`)).json().partyId ?? 0;
    if (partyId) break;
  }
  const list = (await agent.get(`/statement/policy_list/${partyId}`)).json().accounts as {
    partyId: number;
  }[];
  await app.close();
  if (list.length === 0) throw new Error(`${login} has no statements`);
  return { cookie: agent.cookie as string, partyIds: list.map((a) => a.partyId) };
}

interface Answer {
  status: number;
  ms: number;
  bytes: number;
}

/** A GET over a real socket, body read to the end (a ZIP streams while it renders). */
function get(port: number, path: string, cookie: string, agent?: Agent): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: api(path), agent, headers: { host: 'afs.localhost', cookie } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, bytes }),
        );
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

function tally(answers: Answer[]) {
  const by = (status: number) => answers.filter((a) => a.status === status).length;
  return {
    served: by(200),
    refused429: by(429),
    refused503: by(503),
    other: answers.length - by(200) - by(429) - by(503),
  };
}

/**
 * The in-process form of the render-isolation case (app.inject's app listening in the bench's own process), kept for
 * bench/pdf/isolation.ts, which measures code from before the render pool the same way (docs/operations.md). The
 * bench itself runs the HTTP form against the portal child: bench/cases/render-isolation.ts.
 *
 * The render pool's isolation (decision 015): while client A starts 10 ZIPs and 10 PDFs of their statements at once,
 * client B reads `GET /me` back to back on a kept-alive connection, as the SPA does. B's p95 must stay under 50 ms:
 * rendering runs in the render pool, not on the event loop. A's requests beyond the per-person cap are refused (429),
 * the others render.
 */
export async function renderIsolationCase(
  app: FastifyInstance,
  clientA: BenchClient,
  clientB: BenchClient,
  label: string,
): Promise<{ result: BenchResult; details: Record<string, unknown> }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
  // Warm-up: B's connection and session, and the render threads (fonts load on a thread's first PDF).
  for (let i = 0; i < 20; i++) await get(port, '/me', clientB.cookie, keepAlive);
  await get(port, `/statement/${clientA.partyIds[0]}.pdf`, clientA.cookie);

  const ids = clientA.partyIds.join(',');
  const startedA = performance.now();
  const loadA = Promise.all([
    ...Array.from({ length: 10 }, () =>
      get(port, `/statement/download_zip?party_ids=${ids}`, clientA.cookie),
    ),
    ...Array.from({ length: 10 }, () =>
      get(port, `/statement/download_pdf?party_ids=${ids}`, clientA.cookie),
    ),
  ]).then((answers) => ({ answers, ms: performance.now() - startedA }));
  let doneA = false;
  void loadA.then(() => {
    doneA = true;
  });
  const samples: number[] = [];
  while (!doneA) {
    const me = await get(port, '/me', clientB.cookie, keepAlive);
    if (me.status !== 200) throw new Error(`B's GET /me answered ${me.status}`);
    samples.push(me.ms);
  }
  const a = await loadA;
  keepAlive.destroy();
  // Optional: the same case runs against the code before the render pool, for the comparison in operations.md.
  const completed = (app as { renderPool?: { counters: { completed: number } } }).renderPool?.counters
    .completed;
  await app.close();

  samples.sort((x, y) => x - y);
  const p95 = percentile(samples, 95);
  const zips = tally(a.answers.slice(0, 10));
  const pdfs = tally(a.answers.slice(10));
  if (zips.other + pdfs.other > 0) throw new Error(`A got unexpected statuses: ${JSON.stringify(a.answers)}`);
  return {
    result: {
      name: `B: GET /me while A runs 10 ZIPs + 10 PDFs (${label})`,
      runs: samples.length,
      opsPerSecond: Math.round((samples.length / a.ms) * 1000),
      p50Ms: Number(percentile(samples, 50).toFixed(2)),
      p95Ms: Number(p95.toFixed(2)),
      maxMs: Number((samples.at(-1) ?? 0).toFixed(2)),
      targetP95Ms: 50,
      pass: p95 <= 50,
    },
    details: {
      case: label,
      'A ZIPs (served/429/503)': `${zips.served}/${zips.refused429}/${zips.refused503}`,
      'A PDFs (served/429/503)': `${pdfs.served}/${pdfs.refused429}/${pdfs.refused503}`,
      'A load lasted (ms)': Math.round(a.ms),
      'pool tasks run in workers': completed ?? 'no pool',
      'B requests during the load': samples.length,
    },
  };
}
