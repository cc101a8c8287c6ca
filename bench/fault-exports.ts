import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { PrivateCluster } from '../apps/server/src/testing/private-cluster.js';

/**
 * The export part of `npm run fault-test` (docs/security/faults-and-double-submit.md): the database restarted
 * (pg_ctl stop -m fast, then start) while a 100 000-row background report export and a streamed list export run,
 * and while a report preview is asked in Japanese. Checks that the background job ends failed and visible, that no
 * part of its file is kept or served, that no session is left holding a lock or a transaction, that the streamed
 * download ends cut (never a shorter file that looks complete), that the preview answers 503 in Japanese without
 * hanging, that the server answers again soon after the database is back, and that its memory stays bounded.
 */
export const EXPORT_ROWS_WANTED = 100_000;
const OUTAGE_MS = 3_000;
/** Report 10 (policy summary): the producer's team's policies, no required filter. */
const REPORT = { reportType: 10 };

export interface Producer {
  base: string;
  cookie: string;
  csrfToken: string;
}

const api = (p: Producer, path: string, lang = 'en') => `${p.base}/angel/face/${lang}/api${path}`;
const headers = (p: Producer) => ({
  cookie: p.cookie,
  'x-csrf-token': p.csrfToken,
  'content-type': 'application/json',
});

async function post(p: Producer, path: string, body: unknown, lang = 'en', timeoutMs = 60_000) {
  return fetch(api(p, path, lang), {
    method: 'POST',
    headers: headers(p),
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

async function reportRows(p: Producer): Promise<number> {
  const response = await post(p, '/b2b/reports', { ...REPORT, page: 1, sizePerPage: 10 });
  if (!response.ok) throw new Error(`preview: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { totalSize: number }).totalSize;
}

/**
 * Copies the partner's own policies (each copy a new plan number) until report 10 has EXPORT_ROWS_WANTED rows for
 * them: one copy first to see how many rows a copy adds, then as many more as needed in one statement.
 */
export async function seedLargeExport(
  databaseUrl: string,
  p: Producer,
  producerCode: string,
): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows: columns } = await db.query<{ name: string }>(
      `select column_name as name from information_schema.columns
        where table_name = 'policies' and table_schema = current_schema() and column_name <> 'id'
          and is_generated = 'NEVER' and is_identity = 'NO' order by ordinal_position`,
    );
    const names = columns.map((c) => `"${c.name}"`).join(', ');
    const values = columns
      .map((c) => (c.name === 'plan_no' ? `p.plan_no || '-F' || g` : `p."${c.name}"`))
      .join(', ');
    const clone = (from: number, to: number) =>
      db.query(
        `insert into policies (${names})
         select ${values} from policies p cross join generate_series($1::int, $2::int) g
          where p.servicing_producer_id = (select id from producers where code = $3) and p.plan_no not like '%-F%'`,
        [from, to, producerCode],
      );
    const before = await reportRows(p);
    if (before >= EXPORT_ROWS_WANTED) return before;
    const started = Date.now();
    await clone(1, 1);
    const perCopy = (await reportRows(p)) - before;
    if (perCopy <= 0) throw new Error(`copying ${producerCode}'s policies adds no row to report 10`);
    const copies = Math.ceil((EXPORT_ROWS_WANTED - before) / perCopy);
    if (copies > 1) await clone(2, copies);
    await db.query('analyze policies');
    // The preview's count stops at its own cap: the export's row count is worked out instead.
    const rows = before + copies * perCopy;
    console.log(
      `seeded ${rows.toLocaleString('en-US')} report rows (${copies} copies of ${perCopy} policies) in ${Date.now() - started} ms`,
    );
    return rows;
  } finally {
    await db.end();
  }
}

interface JobView {
  jobId: string;
  state: string;
  rowsWritten: number;
  totalRows: number;
  error?: string;
}

async function job(p: Producer, id: string): Promise<JobView | undefined> {
  const response = await fetch(api(p, `/b2b/report_exports/${id}`), {
    headers: headers(p),
    signal: AbortSignal.timeout(5_000),
  }).catch(() => undefined);
  return response?.ok ? ((await response.json()) as JobView) : undefined;
}

async function untilJob(p: Producer, id: string, done: (j: JobView) => boolean, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const view = await job(p, id);
    if (view && done(view)) return view;
    await sleep(200);
  }
  throw new Error(`job ${id} did not reach the expected state within ${ms} ms`);
}

/** Resident memory of the server process (kB → MB), sampled while the case runs. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
}

/** The streamed list export: how many bytes arrived and whether the body ended or was cut. */
function streamDownload(p: Producer, path: string) {
  const result = { status: 0, bytes: 0, outcome: 'pending' as 'pending' | 'complete' | 'cut', endedAt: 0 };
  const done = (async () => {
    try {
      const response = await fetch(api(p, path), { headers: headers(p) });
      result.status = response.status;
      for await (const chunk of response.body ?? []) result.bytes += (chunk as Uint8Array).byteLength;
      result.outcome = 'complete';
    } catch {
      result.outcome = 'cut';
    }
    result.endedAt = Date.now();
  })();
  return { result, done };
}

async function portalSessions(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ idle_tx: number; locks: number }>(
      `select (select count(*)::int from pg_stat_activity where datname = 'portal'
                and state like 'idle in transaction%') as idle_tx,
              (select count(*)::int from pg_locks l join pg_stat_activity a on a.pid = l.pid
                where a.datname = 'portal' and l.pid <> pg_backend_pid() and l.locktype not in ('virtualxid')) as locks`,
    );
    return rows[0] ?? { idle_tx: -1, locks: -1 };
  } finally {
    await client.end();
  }
}

async function storedParts(url: string, jobId: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from stored_files where key like $1`,
      [`report-exports/${jobId}/%`],
    );
    return rows[0]?.n ?? -1;
  } finally {
    await client.end();
  }
}

export async function exportsDuringRestart(
  cluster: PrivateCluster,
  databaseUrl: string,
  p: Producer,
  serverPid: number,
) {
  const rss: number[] = [rssMb(serverPid)];
  const sampler = setInterval(() => rss.push(rssMb(serverPid)), 250);
  try {
    const created = await post(p, '/b2b/report_exports', REPORT);
    if (created.status !== 202) throw new Error(`export job: HTTP ${created.status} ${await created.text()}`);
    const { jobId } = (await created.json()) as JobView;
    // Both exports mid-stream: the job has saved progress (rows in the workbook), the download has its first bytes.
    const download = streamDownload(p, '/b2b/client_export');
    const running = await untilJob(
      p,
      jobId,
      (j) => j.rowsWritten > 0 || j.state === 'done' || j.state === 'failed',
      300_000,
    );
    for (let i = 0; i < 600 && download.result.bytes === 0 && download.result.outcome === 'pending'; i++)
      await sleep(100);

    // A report asked in Japanese while the database goes away: answered, never left hanging.
    const previews: { status: number; ms: number; japanese: boolean; retryAfter: string | null }[] = [];
    let asking = true;
    const previewLoop = (async () => {
      while (asking) {
        const at = Date.now();
        const response = await post(p, '/b2b/reports', { ...REPORT, page: 1 }, 'ja', 15_000).catch(
          () => undefined,
        );
        const text = response ? await response.text() : '';
        previews.push({
          status: response?.status ?? 0,
          ms: Date.now() - at,
          japanese: /[\u3040-\u30ff]/.test(text),
          retryAfter: response?.headers.get('retry-after') ?? null,
        });
        await sleep(100);
      }
    })();

    const before = await job(p, jobId);
    const stoppedAt = Date.now();
    cluster.stop();
    await sleep(OUTAGE_MS);
    cluster.start();
    const startedAt = Date.now();
    const outageMs = startedAt - stoppedAt;

    let readyMs = -1;
    for (let i = 0; i < 300 && readyMs < 0; i++) {
      const ok = await fetch(`${p.base}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) readyMs = Date.now() - startedAt;
      else await sleep(100);
    }
    asking = false;
    await previewLoop;
    const failed = await untilJob(p, jobId, (j) => j.state === 'failed' || j.state === 'done', 60_000);
    const failedVisibleMs = Date.now() - startedAt;
    await download.done;
    const file = await fetch(api(p, `/b2b/report_exports/${jobId}/file`), { headers: headers(p) });
    await file.arrayBuffer();
    const parts = await storedParts(databaseUrl, jobId);
    const sessions = await portalSessions(databaseUrl);

    // The user tries again once the database is back: a whole file this time.
    const retryStarted = Date.now();
    const retry = await post(p, '/b2b/report_exports', REPORT);
    const retryJob = (await retry.json()) as JobView;
    const retried = await untilJob(
      p,
      retryJob.jobId,
      (j) => j.state === 'done' || j.state === 'failed',
      600_000,
    );
    const retryFile = await fetch(api(p, `/b2b/report_exports/${retryJob.jobId}/file`), {
      headers: headers(p),
    });
    const retryBytes = (await retryFile.arrayBuffer()).byteLength;
    const retryMs = Date.now() - retryStarted;

    const duringOutage = previews.filter((x) => x.status !== 200);
    console.log('\nDatabase restarted during exports (pg_ctl stop -m fast, start after 3 s):');
    console.table({
      'background job (report 10)': {
        rows: before?.totalRows ?? running.totalRows,
        'written when stopped': before?.rowsWritten,
        'final state': `${failed.state}${failed.error ? `: ${failed.error}` : ''}`,
        'failed visible after start (ms)': failedVisibleMs,
        'file endpoint': file.status,
        'stored parts left': parts,
      },
      'streamed list export (client list)': {
        rows: '',
        'written when stopped': `${download.result.bytes} bytes`,
        'final state': `HTTP ${download.result.status}, ${download.result.outcome}`,
        'failed visible after start (ms)': download.result.endedAt - startedAt,
        'file endpoint': '',
        'stored parts left': '',
      },
    });
    console.log(
      `  report previews in Japanese during the restart: ${previews.length}, non-200 ${duringOutage.length} ` +
        `(${JSON.stringify(countBy(duringOutage.map((x) => x.status)))}), ` +
        `Japanese text ${duringOutage.filter((x) => x.japanese).length}/${duringOutage.length}, ` +
        `Retry-After ${duringOutage.filter((x) => x.retryAfter).length}/${duringOutage.length}, ` +
        `slowest ${Math.max(0, ...previews.map((x) => x.ms))} ms`,
    );
    console.log(`  outage ${outageMs} ms; /readyz 200 ${readyMs} ms after the database started`);
    console.log(`  sessions left: ${sessions.idle_tx} idle in transaction, ${sessions.locks} locks held`);
    console.log(
      `  retry: ${retried.state}, ${retried.rowsWritten.toLocaleString('en-US')} rows, ` +
        `${retryBytes.toLocaleString('en-US')} bytes (HTTP ${retryFile.status}) in ${retryMs} ms`,
    );
    console.log(`  server RSS: ${rss[0]} MB at the start, at most ${Math.max(...rss)} MB`);
  } finally {
    clearInterval(sampler);
  }
}

function countBy(values: number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}
