import { Agent, request } from 'node:http';

/*
 * One heavy producer against a running portal (docs/operations.md, "One heavy user"): the heavy user keeps report
 * previews and list searches going at once, as that many browser tabs would (each sends its next request when its
 * answer came, after Retry-After when told to wait), while another user browses (a list, then /me) and a probe
 * polls /readyz. Idle and loaded phases alternate, so the machine's own ups and downs fall on both alike. Used by
 * heavy-user.load.postgres.test.ts and by the bench (bench/cases/heavy-user.ts).
 */

export interface ScenarioUser {
  /** Host and Cookie (and x-csrf-token) headers of a signed-in session. */
  headers: Record<string, string>;
}

export interface ScenarioOptions {
  origin: string;
  heavy: ScenarioUser;
  other: ScenarioUser;
  previews?: number;
  searches?: number;
  /** Rounds of the other user's browsing, idle and loaded each, over `phases` alternating phases. */
  rounds?: number;
  phases?: number;
}

export interface ScenarioResult {
  idle: { listMs: number[]; meMs: number[]; statuses: number[] };
  loaded: { listMs: number[]; meMs: number[]; statuses: number[] };
  heavyStatuses: Record<number, number>;
  readiness: number[];
}

const API = '/angel/face/en/api';
/** The demo's heaviest previews over a whole team, in turn. */
const REPORT_FORMS = [4, 9, 1, 3].map((reportType) => ({ reportType, page: 1, sizePerPage: 30 }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

function send(
  origin: string,
  agent: Agent,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; retryAfter: number }> {
  const url = new URL(origin);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        agent,
        method: payload ? 'POST' : 'GET',
        path,
        headers: {
          ...headers,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, retryAfter: Number(res.headers['retry-after'] ?? 0) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export async function runHeavyUserScenario(options: ScenarioOptions): Promise<ScenarioResult> {
  const { origin, heavy, other } = options;
  const previews = options.previews ?? 32;
  const searches = options.searches ?? 32;
  const phases = options.phases ?? 4;
  const perPhase = Math.ceil((options.rounds ?? 80) / phases);
  const heavyAgent = new Agent({ keepAlive: true, maxSockets: previews + searches });
  const otherAgent = new Agent({ keepAlive: true, maxSockets: 2 });

  const browse = async (rounds: number) => {
    const out = { listMs: [] as number[], meMs: [] as number[], statuses: [] as number[] };
    for (let i = 0; i < rounds; i++) {
      let started = performance.now();
      const list = await send(origin, otherAgent, `${API}/b2b/new_business`, other.headers, {
        page: 1,
        sizePerPage: 30,
      });
      out.listMs.push(performance.now() - started);
      started = performance.now();
      const me = await send(origin, otherAgent, `${API}/me`, other.headers);
      out.meMs.push(performance.now() - started);
      out.statuses.push(list.status, me.status);
    }
    return out;
  };

  let loaded = false;
  let stopped = false;
  const heavyStatuses: Record<number, number> = {};
  const tab = async (path: string, body: unknown) => {
    while (!stopped) {
      if (!loaded) {
        await sleep(20);
        continue;
      }
      const answer = await send(origin, heavyAgent, path, heavy.headers, body);
      heavyStatuses[answer.status] = (heavyStatuses[answer.status] ?? 0) + 1;
      if (answer.retryAfter > 0) await sleep(answer.retryAfter * 1000);
    }
  };
  const tabs = [
    ...Array.from({ length: previews }, (_, i) =>
      tab(`${API}/b2b/reports`, REPORT_FORMS[i % REPORT_FORMS.length]),
    ),
    ...Array.from({ length: searches }, (_, i) =>
      tab(`${API}/b2b/clients`, { page: 1 + (i % 3), sizePerPage: 30 }),
    ),
  ];
  const readiness: number[] = [];
  const probe = (async () => {
    while (!stopped) {
      if (loaded) readiness.push((await send(origin, otherAgent, '/readyz', {})).status);
      await sleep(50);
    }
  })();

  await browse(10); // warm-up
  const result: ScenarioResult = {
    idle: { listMs: [], meMs: [], statuses: [] },
    loaded: { listMs: [], meMs: [], statuses: [] },
    heavyStatuses,
    readiness,
  };
  try {
    for (let phase = 0; phase < phases; phase++) {
      const quiet = await browse(perPhase);
      loaded = true;
      await sleep(300); // the burst has arrived
      const underLoad = await browse(perPhase);
      loaded = false;
      await sleep(500); // the heavy user's answers have drained
      for (const [into, from] of [
        [result.idle, quiet],
        [result.loaded, underLoad],
      ] as const) {
        into.listMs.push(...from.listMs);
        into.meMs.push(...from.meMs);
        into.statuses.push(...from.statuses);
      }
    }
  } finally {
    stopped = true;
    await Promise.all([...tabs, probe]);
    heavyAgent.destroy();
    otherAgent.destroy();
  }
  return result;
}

/** The figures a test or the bench judges, rounded. */
export function scenarioSummary(result: ScenarioResult) {
  const round = (values: number[], p: number) => Math.round(percentile(values, p));
  return {
    listP95: { idle: round(result.idle.listMs, 95), loaded: round(result.loaded.listMs, 95) },
    listP50: { idle: round(result.idle.listMs, 50), loaded: round(result.loaded.listMs, 50) },
    meP95: { idle: round(result.idle.meMs, 95), loaded: round(result.loaded.meMs, 95) },
    other503: result.loaded.statuses.filter((s) => s === 503).length,
    otherNot200: result.loaded.statuses.filter((s) => s !== 200).length,
    heavyStatuses: result.heavyStatuses,
    readinessNot200: result.readiness.filter((s) => s !== 200).length,
    readinessProbes: result.readiness.length,
  };
}
