import { z } from 'zod';

/*
 * Report calls: API_ROUTES.reports (api-paths.ts). The original front end has only the export
 * (`GET /b2b/report_export`, streamed whatever its size, up to EXPORT_ROW_LIMIT rows); the preview and the background
 * exports are ours (docs/reports.md).
 */

/** Exports of more rows than this run in the background with progress; smaller ones download at once. */
export const BACKGROUND_EXPORT_THRESHOLD = 20_000;

export const REPORT_EXPORT_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * A background export (`POST /b2b/report_exports` answers it with 202; `GET /b2b/report_exports/{jobId}` polls it;
 * `GET /b2b/report_exports/{jobId}/file` downloads it once done). Only the producer who started a job can see it.
 */
export const reportExportJobSchema = z.object({
  jobId: z.uuid(),
  reportType: z.number().int(),
  state: z.enum(REPORT_EXPORT_JOB_STATES),
  /** Rows written so far and rows expected (the count taken when the job started). */
  rowsWritten: z.number().int().nonnegative(),
  totalRows: z.number().int().nonnegative(),
  fileName: z.string(),
  /** Localized reason when failed. */
  error: z.string().optional(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ReportExportJob = z.infer<typeof reportExportJobSchema>;

export const reportExportJobParamsSchema = z.object({ jobId: z.uuid() });
