import {
  BV_REPORT_TYPES,
  REPORT_DEFINITIONS,
  type ReportDefinition,
  type ReportType,
  reportToday,
  reportTypeCriterion,
  siteCapabilities,
  TRAINING_REPORT_TYPES,
  withReportDefaults,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { producers, users } from '../../db/schema/index.js';
import type { ProducerCaller, TeamScope } from '../../db/team-scope.js';
import type { CriteriaOf } from '../../lists/index.js';
import { FormValidationError, HttpError, type MessageRef } from '../../plugins/errors.js';
import { listScope, type ProducerListsContext } from '../producer-lists/index.js';
import { SERVER_REPORTS, type ServerReportDefinition } from './server-report-registry.js';

/** What every report route needs: the lists' context (database, exports) and the clock the defaults are taken from. */
export type ReportsContext = ProducerListsContext;

/** One report request, checked and ready to run: its definitions, its criteria (defaults filled) and its scope. */
export interface ReportRequest {
  type: ReportType;
  definition: ReportDefinition;
  server: ServerReportDefinition;
  criteria: CriteriaOf<ReportDefinition>;
  scope: TeamScope;
}

/**
 * Schema errors shaped exactly as a route schema's (fastify-type-provider-zod), so the error handler answers them
 * with the same 400 field errors; the report's schema is only known once its type was read.
 */
class ReportSchemaError extends Error {
  readonly statusCode = 400;
  constructor(readonly validation: unknown[]) {
    super('report criteria failed validation');
  }
}

function parseOrFail<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const validate = validatorCompiler({ schema, method: 'POST', url: '', httpPart: 'body' }) as (
    data: unknown,
  ) => { value?: unknown; error?: unknown[] };
  const result = validate(input);
  if (result.error) throw new ReportSchemaError(result.error);
  return result.value as z.output<T>;
}

const reportTypeOnly = z.object({ reportType: reportTypeCriterion });

/** Whether the caller's producer row grants the sub-permission a report type needs (docs/product.md, "Reports"). */
async function hasReportPermission(ctx: ReportsContext, caller: ProducerCaller, type: ReportType) {
  const needsBv = BV_REPORT_TYPES.includes(type);
  const needsTraining = TRAINING_REPORT_TYPES.includes(type);
  if (!needsBv && !needsTraining) return true;
  const [row] = await ctx.db
    .select({
      bv: producers.hasBvReportPermission,
      training: producers.hasTrainingHistoryReportPermission,
    })
    .from(producers)
    .where(eq(producers.id, caller.producerId))
    .limit(1);
  return needsBv ? row?.bv === true : row?.training === true;
}

/**
 * Whether the caller may run a report of this type now: offered on their site (else 404), and their sub-permission
 * held today (else 403). Every report call asks it, and so does every download of a finished background export: a
 * permission revoked after the export ran also ends the access to its file.
 */
export async function admitReportType(ctx: ReportsContext, caller: ProducerCaller, type: ReportType) {
  if (!siteCapabilities(caller.siteCode).reportTypes.includes(type))
    throw new HttpError(404, 'reports.notAvailable');
  if (!(await hasReportPermission(ctx, caller, type))) throw new HttpError(403, 'reports.permissionRequired');
}

/**
 * Whether the person who asked for a background export may still have it made, now (decision 034): their account
 * active, still the same producer's, that producer active, and the report's site and sub-permission held today. The
 * job runner asks before it starts a job and on every heartbeat while it writes; a job refused stops and is failed
 * with `reports.exportAccessEnded`. The session's own checks cannot help here: nobody's request is running.
 */
export async function exportStillAllowed(
  ctx: Pick<ReportsContext, 'db'>,
  job: { userId: number; producerId: number; siteCode: string; reportType: number },
): Promise<boolean> {
  const [row] = await ctx.db
    .select({
      status: users.status,
      kind: users.kind,
      producerId: users.producerId,
      active: producers.isActive,
    })
    .from(users)
    .innerJoin(producers, eq(producers.id, users.producerId))
    .where(eq(users.id, job.userId))
    .limit(1);
  if (row?.status !== 'active' || row.kind !== 'producer' || row.producerId !== job.producerId) return false;
  if (!row.active) return false;
  const caller = { userId: job.userId, producerId: job.producerId, siteCode: job.siteCode } as ProducerCaller;
  try {
    await admitReportType(ctx as ReportsContext, caller, job.reportType as ReportType);
    return true;
  } catch (error) {
    if (error instanceof HttpError) return false;
    throw error;
  }
}

/**
 * THE order in which every report route checks a request (preview, export, background export), after
 * requireProducer: the report type (unknown → 400 on reportType), the site (a type the site does not offer → 404),
 * the sub-permission (13, 14: BV; 201: training history → 403), then
 * the criteria by the report's own schema (400 field errors), the type's defaults from the injected clock, the
 * report's required filters (400), and last the team scope (a producer outside the subtree → 404), audited as
 * `report_<type>` (preview) or `report_<type>.export`.
 * Nothing about a report's criteria is revealed to someone who may not run it.
 */
export async function resolveReportRequest(
  ctx: ReportsContext,
  caller: ProducerCaller,
  input: unknown,
  use: 'preview' | 'export',
): Promise<ReportRequest> {
  const form = typeof input === 'object' && input !== null ? input : {};
  const { reportType: type } = parseOrFail(reportTypeOnly, {
    reportType: (form as { reportType?: unknown }).reportType,
  });
  await admitReportType(ctx, caller, type);
  const definition = REPORT_DEFINITIONS[type];
  const server = SERVER_REPORTS[type];

  const parsed = parseOrFail(definition.criteria, form) as CriteriaOf<ReportDefinition>;
  const criteria = withReportDefaults(parsed, type, definition.filters, reportToday(ctx.exports.now()));
  const missing: Record<string, MessageRef[]> = {};
  for (const field of definition.required) {
    if ((criteria as unknown as Record<string, unknown>)[field] === undefined)
      missing[field] = ['validation.required'];
  }
  if (Object.keys(missing).length > 0) throw new FormValidationError(missing);

  const scope = await listScope(ctx, caller, criteria, `report_${type}${use === 'export' ? '.export' : ''}`);
  return { type, definition, server, criteria, scope };
}
