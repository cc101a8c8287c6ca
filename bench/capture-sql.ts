import { performance } from 'node:perf_hooks';
import type { SiteCode } from '@portal/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.js';
import type { Db } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema/index.js';
import { createDbFileStore } from '../apps/server/src/files/index.js';
import type { ClientAreaContext, ClientRef } from '../apps/server/src/modules/client-area/context.js';
import { getPlanDetail } from '../apps/server/src/modules/client-area/get-plan-detail.js';
import { listPlans } from '../apps/server/src/modules/client-area/list-plans.js';

/*
 * The bare baseline of `/b2c/plans` and the plan detail runs "the endpoint's exact SQL". Rather than a copy of that
 * SQL (which would drift as the queries change), the bench captures it: it calls the portal's own use cases
 * (listPlans, getPlanDetail) once on a drizzle handle over a pg.Pool whose `query` records every statement with its
 * parameters as it goes to the driver, and when its answer came back. Whatever the code sends today — built per
 * call, prepared, folded into fewer statements — is what the baseline replays, in the same round trips: a statement
 * sent after another one's answer arrived is replayed after it (its `stage` is higher); statements sent together are
 * replayed together. drizzle's logger counts the statements too, so one sent some other way (a transaction's
 * client) is noticed rather than silently left out of the baseline.
 */

export interface CapturedStatement {
  text: string;
  params: unknown[];
  /** Round trip of the use case this statement was sent in (0: the first); the baseline replays stage by stage. */
  stage: number;
}

interface Sent {
  text: string;
  params: unknown[];
  sentAt: number;
  doneAt: number;
}

/** Stage of each statement: one more than the latest stage whose answer it was sent after. */
function staged(sent: Sent[]): CapturedStatement[] {
  const stages: number[] = [];
  return sent.map((entry, i) => {
    let stage = 0;
    for (let j = 0; j < i; j++)
      if ((sent[j] as Sent).doneAt <= entry.sentAt) stage = Math.max(stage, (stages[j] as number) + 1);
    stages.push(stage);
    return { text: entry.text, params: entry.params, stage };
  });
}

export interface CapturedClientArea {
  clientId: number;
  planId: number;
  plans: CapturedStatement[];
  planDetail: CapturedStatement[];
  /** Plans the use case returned: the bare route's first statement must return as many rows. */
  planCount: number;
}

/** JSON-safe parameters: node-postgres sends a Date as its ISO text anyway, and a bigint as its digits. */
const jsonSafe = (value: unknown): unknown =>
  value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? value.toString() : value;

/**
 * A drizzle handle over a pool that records every statement it sends, with its parameters and when its answer came.
 * `record` runs one use case and returns its statements in the round trips it made them; it throws when drizzle
 * logged more statements than the pool saw (one sent some other way would be missing from the baseline).
 */
function recordingHandle(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 8 });
  let recording: Sent[] | null = null;
  let logged = 0;
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: typeof query }).query = (config, values) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    const params = values ?? (config as { values?: unknown[] }).values ?? [];
    const entry: Sent = { text, params: params.map(jsonSafe), sentAt: performance.now(), doneAt: Infinity };
    recording?.push(entry);
    return query(config, values).then((result) => {
      entry.doneAt = performance.now();
      return result;
    });
  };
  const db = drizzle(pool, {
    schema,
    logger: {
      logQuery: () => {
        if (recording) logged++;
      },
    },
  }) as unknown as Db;
  const record = async <T>(
    run: () => Promise<T>,
  ): Promise<{ result: T; statements: CapturedStatement[] }> => {
    const sent: Sent[] = [];
    recording = sent;
    logged = 0;
    const result = await run();
    recording = null;
    if (sent.length === 0 || sent.length !== logged)
      throw new Error(
        `captured ${sent.length} statements at the pool, drizzle logged ${logged}: the baseline would miss some`,
      );
    return { result, statements: staged(sent) };
  };
  return { db, pool, record };
}

/** The statements one use case sends, run on a recording handle (recordingHandle). */
export async function captureSql(
  databaseUrl: string,
  run: (db: Db) => Promise<unknown>,
): Promise<CapturedStatement[]> {
  const { db, pool, record } = recordingHandle(databaseUrl);
  try {
    return (await record(() => run(db))).statements;
  } finally {
    await pool.end();
  }
}

export async function captureClientAreaSql(
  databaseUrl: string,
  client: { login: string; siteCode: SiteCode },
  planId: number,
): Promise<CapturedClientArea> {
  const { db, pool, record } = recordingHandle(databaseUrl);
  try {
    const found = await pool.query<{ client_id: string | null }>(
      'select client_id from users where site_code = $1 and lower(login) = lower($2)',
      [client.siteCode, client.login],
    );
    const clientId = Number(found.rows[0]?.client_id);
    if (!clientId) throw new Error(`no client user ${client.login} on ${client.siteCode}`);
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
    });
    const ctx: ClientAreaContext = { db, config, files: createDbFileStore(db), now: () => new Date() };
    const ref: ClientRef = { clientId, siteCode: client.siteCode };
    const plans = await record(() => listPlans(ctx, ref, 'en'));
    const detail = await record(() => getPlanDetail(ctx, ref, planId, 'en'));
    return {
      clientId,
      planId,
      plans: plans.statements,
      planDetail: detail.statements,
      planCount: plans.result.data.length,
    };
  } finally {
    await pool.end();
  }
}
