import {
  API_ROUTES,
  parseLanguage,
  REPORT_DEFINITIONS,
  type ReportType,
  reportExportJobParamsSchema,
  reportExportJobSchema,
  reportToday,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ProducerCaller } from '../../db/team-scope.js';
import { listExportBatches, listExportColumns } from '../../exports/list-export.js';
import { sendXlsxExport, XLSX_CONTENT_TYPE } from '../../exports/send-xlsx.js';
import { contentDisposition } from '../../files/send-file.js';
import { runList } from '../../lists/index.js';
import { noticeMinute, recipientOfUser } from '../../notifications/index.js';
import { principalAs, requireProducer } from '../../plugins/auth-guards.js';
import { HttpError } from '../../plugins/errors.js';
import type { ModuleOptions } from '../module-options.js';
import { openExportFile } from './export-jobs/export-file.js';
import { EXPORT_FILE_RETENTION_MS, ReportExportRunner } from './export-jobs/job-runner.js';
import {
  countLiveJobs,
  countQueuedJobs,
  EXPORT_RETRY_AFTER_S,
  exportRequestKey,
  failInterruptedJobs,
  findLiveJobByRequest,
  findOwnJob,
  INTERRUPTED,
  insertJob,
  isStale,
  jobView,
  LIVE_JOBS_PER_PRODUCER,
} from './export-jobs/job-store.js';
import { reportFileName } from './report-file-name.js';
import {
  admitReportType,
  exportStillAllowed,
  type ReportRequest,
  type ReportsContext,
  resolveReportRequest,
} from './report-request.js';

const routes = API_ROUTES.reports;

const callerOf = (request: FastifyRequest): ProducerCaller => {
  const { userId, producerId, siteCode } = principalAs(request, 'producer');
  return { userId, producerId, siteCode };
};

/**
 * Reports (docs/reports.md): the preview, the streamed export and
 * the background exports of every report type. Producer only (requireProducer), and each call checks its report in
 * one order (resolveReportRequest). The form is read by the report's own schema, not by a route schema, because the
 * schema depends on the report type in it.
 */
export const reportRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { config, db, renderPool, queryInBatches, now, notifier },
) => {
  const clock = now ?? (() => new Date());
  const ctx: ReportsContext = { db, exports: { renderPool, queryInBatches, now: clock } };
  const runner = new ReportExportRunner({
    db,
    renderPool,
    queryInBatches,
    now: clock,
    log: app.log,
    soleProcess: !config.databaseUrl,
    concurrency: config.exportJobs.workers,
    stillAllowed: (job) => exportStillAllowed({ db }, job),
    // The requester hears of it in their notification centre (and by their chosen channels), in the job's language.
    onFinished: async (job, state) => {
      const found = await recipientOfUser(db, job.userId);
      if (!found) return;
      const language = parseLanguage(job.language) ?? found.recipient.language;
      await notifier.notify({
        type: state === 'done' ? 'export_ready' : 'export_failed',
        recipient: { ...found.recipient, language },
        params: {
          siteName: found.siteName,
          login: found.login,
          at: noticeMinute(clock()),
          item: REPORT_DEFINITIONS[job.reportType as ReportType]?.title[language] ?? String(job.reportType),
        },
        link: '/b2b/reports',
      });
    },
  });
  app.addHook('onReady', () => runner.start());
  app.addHook('onClose', () => runner.stop());

  const tags = ['reports'];
  const fileNameOf = (report: ReportRequest) =>
    reportFileName(report.type, report.definition.filters, report.criteria, clock(), reportToday(clock()));

  await app.register(async (plugin) => {
    const reports = plugin.withTypeProvider<ZodTypeProvider>();
    reports.addHook('onRequest', requireProducer);

    reports.post(
      routes.preview.path,
      {
        schema: {
          tags,
          description: "The report form (JSON) → one page of the report's rows and their count.",
        },
      },
      async (request) => {
        const report = await resolveReportRequest(ctx, callerOf(request), request.body, 'preview');
        // Over a whole team: in the heavy lane, so lists and sign-ins keep their connections.
        const page = await runList(db, report.server, report.scope, report.criteria, request.language, {
          lane: 'heavy',
        });
        // The rows' shape depends on the report, so no route schema can declare it. Development and tests check the
        // answer against the report's own schema, as every other answer is checked where it is written (decision 031).
        if (config.responseSerializer === 'checked') report.definition.response.parse(page);
        return page;
      },
    );

    reports.get(
      routes.export.path,
      {
        schema: {
          tags,
          description: 'The report form as a query string (excludeStatus comma-joined) → the XLSX, streamed.',
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const report = await resolveReportRequest(ctx, caller, request.query, 'export');
        const language = request.language;
        return sendXlsxExport(renderPool, request, reply, {
          fileName: fileNameOf(report),
          sheetName: report.definition.title[language],
          columns: listExportColumns(report.definition, language),
          batches: listExportBatches(queryInBatches, report.server, report.scope, report.criteria, language),
        });
      },
    );

    reports.post(
      routes.startExportJob.path,
      {
        schema: {
          tags,
          description: 'The report form (JSON) → 202 with a background export job.',
          response: { 202: reportExportJobSchema },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const report = await resolveReportRequest(ctx, caller, request.body, 'export');
        const asked = {
          userId: caller.userId,
          scope: report.scope,
          type: report.type,
          criteria: report.criteria as unknown as Record<string, unknown>,
          language: request.language,
          fileName: fileNameOf(report),
          now: clock(),
        };
        if ((await countLiveJobs(db, caller.producerId)) >= LIVE_JOBS_PER_PRODUCER) {
          // A repeat of a request already live is no new export: it answers that job even at the limit.
          const same = await findLiveJobByRequest(db, caller.userId, exportRequestKey(asked));
          if (same) return reply.code(202).send(jobView(same, request.t));
          throw new HttpError(
            429,
            'reports.tooManyExports',
            { 'retry-after': String(EXPORT_RETRY_AFTER_S) },
            { limit: LIVE_JOBS_PER_PRODUCER },
          );
        }
        // The whole queue, everyone's: past its bound a new export would wait for minutes anyway.
        if ((await countQueuedJobs(db)) >= config.exportJobs.queueMax)
          throw new HttpError(503, 'reports.exportQueueFull', {
            'retry-after': String(EXPORT_RETRY_AFTER_S),
          });
        const { row: job, created } = await insertJob(db, asked);
        // A repeat of a live job's request answers that job: the first request queued it already.
        if (created) runner.enqueue(job.id);
        return reply.code(202).send(jobView(job, request.t));
      },
    );

    reports.get(
      routes.exportJob.path,
      {
        schema: {
          tags,
          params: reportExportJobParamsSchema,
          response: { 200: reportExportJobSchema },
        },
      },
      async (request) => {
        const job = await findOwnJob(db, request.params.jobId, callerOf(request).userId);
        if (!job) throw new HttpError(404, 'errors.notFound');
        if (isStale(job, clock())) {
          // Its process is gone (crash, host lost): say so now rather than wait for another process's sweep.
          await failInterruptedJobs(db, clock(), { ids: [job.id] });
          return jobView({ ...job, state: 'failed', error: INTERRUPTED }, request.t);
        }
        return jobView(job, request.t);
      },
    );

    reports.get(
      routes.exportJobFile.path,
      { schema: { tags, params: reportExportJobParamsSchema } },
      async (request, reply) => {
        const caller = callerOf(request);
        const job = await findOwnJob(db, request.params.jobId, caller.userId);
        if (!job) throw new HttpError(404, 'errors.notFound');
        await admitReportType(ctx, caller, job.reportType as ReportType);
        if (job.state === 'queued' || job.state === 'running')
          throw new HttpError(409, 'reports.exportNotReady');
        if (job.state !== 'done') throw new HttpError(410, 'reports.exportFailed');
        const expired = clock().getTime() - job.createdAt.getTime() > EXPORT_FILE_RETENTION_MS;
        // In the database, not on this host's disk: any process serves it, streamed part by part.
        const file = expired ? undefined : await openExportFile(db, job.id);
        if (!file) throw new HttpError(410, 'reports.exportExpired');
        return reply
          .header('content-type', XLSX_CONTENT_TYPE)
          .header('content-disposition', contentDisposition('attachment', job.fileName))
          .header('content-length', String(file.size))
          .header('x-content-type-options', 'nosniff')
          .send(file.body);
      },
    );
  });
};
