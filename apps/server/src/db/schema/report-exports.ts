import { LANGUAGES, REPORT_EXPORT_JOB_STATES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, inList, refId } from './columns.js';
import { siteCodeEnum } from './enums.js';
import { users } from './identity.js';
import { producers } from './producers.js';

/**
 * A report written to a file in the background (decision 019): one row per `POST /b2b/report_exports`. The criteria
 * and the team scope are those checked and audited when the job was created; the runner of the process that claims
 * it writes the file into `stored_files` (decision 026) and keeps `heartbeat_at` fresh while the job is live, so a
 * job whose process died is recognised (stale heartbeat): taken over while queued, reported as interrupted once
 * running.
 */
export const reportExportJobs = pgTable(
  'report_export_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    producerId: refId('producer_id')
      .notNull()
      .references(() => producers.id),
    siteCode: siteCodeEnum('site_code').notNull(),
    reportType: smallint('report_type').notNull(),
    /** The parsed report criteria (defaults filled) and the resolved team scope: `{ criteria, scope }`. */
    criteria: jsonb('criteria').$type<{ criteria: Record<string, unknown>; scope: unknown }>().notNull(),
    /** Language of the headers and the sheet name (the request's at creation). */
    language: text('language').notNull(),
    state: text('state').notNull().default('queued'),
    rowsWritten: integer('rows_written').notNull().default(0),
    totalRows: integer('total_rows').notNull().default(0),
    fileName: text('file_name').notNull(),
    /**
     * What was asked (report, language, criteria and scope), hashed: the same request sent twice while the first is
     * live (a double click, a retried POST) finds the first job instead of queueing a second one.
     */
    requestKey: text('request_key'),
    /** Why it failed, as a message key and its values; worded in the language of whoever polls. */
    error: jsonb('error').$type<{ key: string; vars?: Record<string, string | number> }>(),
    createdAt: createdAt(),
    /** Last sign of life from the process running or queueing the job. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('report_export_jobs_producer_state_idx').on(t.producerId, t.state),
    index('report_export_jobs_live_idx').on(t.heartbeatAt).where(sql`${t.state} in ('queued', 'running')`),
    index('report_export_jobs_created_idx').on(t.createdAt),
    uniqueIndex('report_export_jobs_live_request_uq')
      .on(t.userId, t.requestKey)
      .where(sql`${t.state} in ('queued', 'running')`),
    check('report_export_jobs_state_ck', inList(t.state, REPORT_EXPORT_JOB_STATES)),
    check('report_export_jobs_language_ck', inList(t.language, LANGUAGES)),
  ],
);
