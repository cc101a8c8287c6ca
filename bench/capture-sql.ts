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
 * (listPlans, getPlanDetail) once on a drizzle handle whose logger records every statement with its parameters, in
 * the order they are sent. Whatever the code sends today — built per call, prepared, folded into fewer statements —
 * is what the baseline replays.
 */

export interface CapturedStatement {
  text: string;
  params: unknown[];
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

export async function captureClientAreaSql(
  databaseUrl: string,
  client: { login: string; siteCode: SiteCode },
  planId: number,
): Promise<CapturedClientArea> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 8 });
  let recording: CapturedStatement[] | null = null;
  const db = drizzle(pool, {
    schema,
    logger: {
      logQuery: (text, params) => recording?.push({ text, params: params.map(jsonSafe) }),
    },
  }) as unknown as Db;
  try {
    const found = await pool.query<{ client_id: string | null }>(
      'select client_id from users where site_code = $1 and lower(login) = lower($2)',
      [client.siteCode, client.login],
    );
    const clientId = Number(found.rows[0]?.client_id);
    if (!clientId) throw new Error(`no client user ${client.login} on ${client.siteCode}`);
    const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
    const ctx: ClientAreaContext = { db, config, files: createDbFileStore(db), now: () => new Date() };
    const ref: ClientRef = { clientId, siteCode: client.siteCode };
    const plansSent: CapturedStatement[] = [];
    recording = plansSent;
    const list = await listPlans(ctx, ref, 'en');
    const detailSent: CapturedStatement[] = [];
    recording = detailSent;
    await getPlanDetail(ctx, ref, planId, 'en');
    recording = null;
    if (plansSent.length === 0 || detailSent.length === 0)
      throw new Error('captured no SQL: does the drizzle logger still see every statement?');
    return { clientId, planId, plans: plansSent, planDetail: detailSent, planCount: list.data.length };
  } finally {
    await pool.end();
  }
}
