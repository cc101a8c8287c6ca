import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { jobsSettled } from '../../testing/jobs.js';

export type RowCounts = Record<string, number>;

/**
 * The tables a request can add rows to or remove rows from (every insert and delete reachable from a route: sign-in,
 * account flows, audit, rate limits, sessions, stored and rendered files, report export jobs, revenue edits and
 * deletes, case requirements and stage changes). Counting every table costs PGlite ~125 ms a time; these are what a
 * refused request could touch.
 */
export const TOUCHED_TABLES = [
  'account_tokens',
  'application_requirements',
  'application_stage_history',
  'audit_log',
  'client_messages',
  'clients',
  'conversation_attachments',
  'conversation_messages',
  'conversation_participants',
  'conversations',
  'login_name_locks',
  'notification_deliveries',
  'notification_preferences',
  'notifications',
  'one_time_codes',
  'producers',
  'rate_limit_counters',
  'rendered_documents',
  'report_export_jobs',
  'revenue_clients',
  'revenue_payin_items',
  'revenue_payin_settlements',
  'revenue_payout_records',
  'revenues',
  'sessions',
  'stored_files',
  'uploaded_files',
  'users',
] as const;

/**
 * Tables where a refused sign-in or account request leaves its trace by design: the audit line of a failed attempt,
 * the failure count behind the lockout, the rate-limit counter.
 */
export const ATTEMPT_RECORDS = new Set(['audit_log', 'login_name_locks', 'rate_limit_counters']);

/** The application's tables (schema public). */
export async function appTables(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)) as unknown as {
    rows: { table_name: string }[];
  };
  return result.rows.map((row) => row.table_name);
}

/** Row count of every table, in one statement. */
export async function rowCounts(db: Db, tables: string[]): Promise<RowCounts> {
  const columns = tables.map((name) => `(select count(*) from "${name}")::int as "${name}"`).join(', ');
  const result = (await db.execute(sql.raw(`select ${columns}`))) as unknown as { rows: RowCounts[] };
  return result.rows[0] as RowCounts;
}

/** The tables whose row count differs, as `table: before → after`. */
export function countChanges(before: RowCounts, after: RowCounts): string[] {
  return Object.keys(before)
    .filter((name) => before[name] !== after[name])
    .map((name) => `${name}: ${before[name]} → ${after[name]}`);
}

/**
 * Waits until the work an earlier request started in the background is done: account-flow e-mail jobs (which write
 * audit lines), report exports (which store their file) and, on PostgreSQL, render leases (a row per running render
 * in rate_limit_counters, deleted once the download has streamed). Otherwise that work lands during a later case
 * and looks like that case's write. An export's notice (export_ready or export_failed) is written just after its job
 * is marked finished, without holding it up: when an export has finished since the last call, the notification
 * tables must also stay still for a moment, and the mail jobs that notice queued settle.
 */
export async function backgroundSettled(database: Database, timeoutMs = 20_000) {
  await jobsSettled({ database }, timeoutMs);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const n = await countOf(
      database,
      sql`select (select count(*) from report_export_jobs where state in ('queued', 'running'))
               + (select count(*) from rate_limit_counters where key like 'lease:%') as n`,
    );
    if (n === 0) break;
    if (Date.now() > deadline) throw new Error(`report exports still running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const finished = await countOf(
    database,
    sql`select count(*) as n from report_export_jobs where state in ('done', 'failed')`,
  );
  if (finished === exportsFinishedBefore.get(database)) return;
  await stillFor(
    database,
    sql`select (select count(*) from notifications) + (select count(*) from notification_deliveries) as n`,
    NOTICE_QUIET_MS,
    deadline,
  );
  await jobsSettled({ database }, timeoutMs);
  exportsFinishedBefore.set(database, finished);
}

/** How long the notification tables must not change for an export's notice to count as written. */
const NOTICE_QUIET_MS = 300;
const exportsFinishedBefore = new WeakMap<Database, number>();

async function countOf(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await database.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n);
}

/** Waits until `query`'s count has stayed the same for `quietMs`. */
async function stillFor(
  database: Database,
  query: ReturnType<typeof sql>,
  quietMs: number,
  deadline: number,
) {
  let last = await countOf(database, query);
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline) throw new Error('notification tables still changing');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = await countOf(database, query);
    if (now !== last) {
      last = now;
      since = Date.now();
    }
  }
}
