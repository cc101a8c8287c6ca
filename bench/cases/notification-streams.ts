import { type ClientRequest, request } from 'node:http';
import pg from 'pg';
import type { BenchContext, CaseOutput } from '../context.js';
import type { Ratio } from '../http-load.js';
import { api, type PortalUser } from '../portal-session.js';

/*
 * Issue 29's stream bench: 1,000 notification streams (`GET /notifications/stream`, Server-Sent Events) open on one
 * portal process. Judged: the process's resident memory they add (≤ 50 MB; measured over the thousand opened after
 * 100 warm-up streams, so the process's first-use allocations are not counted as theirs), the signed-in client's
 * `GET /me` p95 with them open against the same with none (≤ 1.2×; each the median of three runs), and the time from
 * one notification's commit to the last stream receiving it (≤ 1 s: the insert's trigger → LISTEN/NOTIFY → the hub
 * → every stream). The streams
 * are the demo client's (the portal restarted with NOTIFICATION_STREAMS_PER_USER=1000), so one notification reaches
 * all of them. PostgreSQL only: the notification is written from outside the process, as another process would.
 */

const STREAMS = 1000;
const RSS_TARGET_MB = 50;
const ME_RATIO_TARGET = 1.2;
const FAN_OUT_TARGET_MS = 1000;
const ME_REQUESTS = 600;
const ME_IN_FLIGHT = 8;
/** Streams opened (and kept) before the measured thousand: the process's first-use allocations are not theirs. */
const WARM_UP_STREAMS = 100;

interface OpenStream {
  request: ClientRequest;
  /** Resolves when the stream has said its first event (the unread count): it is registered with the hub. */
  ready: Promise<void>;
  /** Resolves with the time the first `notification` event arrived. */
  notified: Promise<number>;
}

function openStream(origin: string, user: PortalUser): OpenStream {
  const url = new URL(origin);
  let ready: () => void = () => {};
  let notified: (at: number) => void = () => {};
  let failed: (error: Error) => void = () => {};
  const readyPromise = new Promise<void>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  const notifiedPromise = new Promise<number>((resolve) => {
    notified = resolve;
  });
  const req = request({
    host: url.hostname,
    port: url.port,
    path: api('/notifications/stream'),
    headers: { ...user.headers, accept: 'text/event-stream' },
    agent: false,
  });
  req.on('response', (response) => {
    if (response.statusCode !== 200) {
      failed(new Error(`stream answered ${response.statusCode}`));
      response.resume();
      return;
    }
    let seen = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      seen = (seen + chunk).slice(-4096);
      if (seen.includes('event: ')) ready();
      if (seen.includes('event: notification')) notified(performance.now());
    });
  });
  req.on('error', (error) => failed(error));
  req.end();
  return { request: req, ready: readyPromise, notified: notifiedPromise };
}

/** The median of three `meP95` runs: one run's p95 moves with whatever else the two cores did then. */
async function medianMeP95(origin: string, user: PortalUser): Promise<number> {
  const runs = [await meP95(origin, user), await meP95(origin, user), await meP95(origin, user)];
  return runs.sort((a, b) => a - b)[1] ?? 0;
}

/** `GET /me` as the client, ME_REQUESTS of them ME_IN_FLIGHT at a time: the p95 in milliseconds. */
async function meP95(origin: string, user: PortalUser): Promise<number> {
  const url = new URL(origin);
  const times: number[] = [];
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const req = request(
        { host: url.hostname, port: url.port, path: api('/me'), headers: user.headers },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode !== 200) reject(new Error(`/me answered ${response.statusCode}`));
            times.push(performance.now() - started);
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
  let next = 0;
  await Promise.all(
    Array.from({ length: ME_IN_FLIGHT }, async () => {
      while (next < ME_REQUESTS) {
        next += 1;
        await one();
      }
    }),
  );
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length * 0.95)] ?? 0;
}

export async function notificationStreamsCase(
  ctx: BenchContext,
  restart: (env: Record<string, string>, name: string) => Promise<void>,
): Promise<CaseOutput> {
  if (!ctx.databaseUrl) throw new Error('streams needs PostgreSQL (DATABASE_URL)');
  await restart({ NOTIFICATION_STREAMS_PER_USER: String(STREAMS + WARM_UP_STREAMS) }, 'portal-streams');
  const user = ctx.users.client;
  const origin = ctx.portal.origin;
  // Warm-up: the first runs after a start are slower (compilation, caches), which would flatter the loaded side.
  for (let i = 0; i < 3; i += 1) await meP95(origin, user);
  const idleMe = await medianMeP95(origin, user);

  const warmUp: OpenStream[] = [];
  for (let i = 0; i < WARM_UP_STREAMS; i += 1) warmUp.push(openStream(origin, user));
  const streams: OpenStream[] = [];
  try {
    await Promise.all(warmUp.map((s) => s.ready));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rssBefore = ctx.portal.rssMb();
    for (let i = 0; i < STREAMS; i += 1) streams.push(openStream(origin, user));
    await Promise.all(streams.map((s) => s.ready));
    // Let the process settle after accepting the connections before its memory and /me are read.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rssAfter = ctx.portal.rssMb();
    const loadedMe = await medianMeP95(origin, user);

    const client = new pg.Client({ connectionString: ctx.databaseUrl });
    await client.connect();
    let committed = 0;
    try {
      const found = await client.query<{ id: string }>(
        'select client_id as id from users where lower(login) = lower($1)',
        [user.login],
      );
      const clientId = found.rows[0]?.id;
      if (!clientId) throw new Error(`no client behind ${user.login}`);
      await client.query(
        `insert into notifications (audience, recipient_id, type, params)
         values ('client', $1, 'statement_available', '{"item":"bench"}'::jsonb)`,
        [clientId],
      );
      committed = performance.now();
    } finally {
      await client.end();
    }
    const arrived = await Promise.race([
      Promise.all([...warmUp, ...streams].map((s) => s.notified)),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000)),
    ]);
    const fanOutMs = arrived ? Math.max(...arrived) - committed : Number.POSITIVE_INFINITY;

    const judged = ctx.postgres;
    const ratios: Ratio[] = [
      {
        name: `notification streams: GET /me p95 with ${STREAMS} streams open ÷ none`,
        portal: loadedMe,
        baseline: idleMe,
        unit: 'ms p95',
        ratio: loadedMe / idleMe,
        target: { op: 'max', value: ME_RATIO_TARGET },
        judged,
      },
    ];
    return {
      ratios,
      checks: [
        {
          name: `notification streams: memory ${STREAMS} open streams add (≤ ${RSS_TARGET_MB} MB)`,
          value: `${(rssAfter - rssBefore).toFixed(1)} MB (${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MB RSS)`,
          pass: rssAfter - rssBefore <= RSS_TARGET_MB,
        },
        {
          name: `notification streams: one notification to all ${STREAMS + WARM_UP_STREAMS} streams (≤ ${FAN_OUT_TARGET_MS} ms)`,
          value: arrived ? `${fanOutMs.toFixed(0)} ms` : 'not every stream got it within 30 s',
          pass: fanOutMs <= FAN_OUT_TARGET_MS,
        },
      ],
    };
  } finally {
    for (const stream of [...warmUp, ...streams]) stream.request.destroy();
  }
}
