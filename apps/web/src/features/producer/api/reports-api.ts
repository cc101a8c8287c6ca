import { API_ROUTES, apiPath, type ReportExportJob } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/api-client';

/*
 * The report calls (API_ROUTES.reports): the preview is the list call of useSearchList on its path, the streamed
 * export a download of its path; the background exports are here.
 */
const routes = API_ROUTES.reports;

/** How often a running background export is asked for its progress. */
export const EXPORT_POLL_INTERVAL_MS = 1000;

/**
 * The query of `GET /b2b/report_export` (docs/reports.md): the report form with excludeStatus joined by commas, as the
 * original front end sends it (the list exports repeat the key instead).
 */
export function reportExportQuery(exportQuery: QueryParams): QueryParams {
  const excluded = exportQuery.excludeStatus;
  if (!Array.isArray(excluded)) return exportQuery;
  return { ...exportQuery, excludeStatus: excluded.length > 0 ? excluded.join(',') : undefined };
}

/** `POST /b2b/report_exports`: starts a background export of the report form; answers 202 with the job. */
export function startReportExport(form: QueryParams): Promise<ReportExportJob> {
  return api.post<ReportExportJob>(routes.startExportJob.path, form);
}

export function reportExportJobPath(jobId: string): string {
  return apiPath(routes.exportJob, { jobId });
}

/** `GET /b2b/report_exports/{jobId}/file`: the finished file. */
export function reportExportFilePath(jobId: string): string {
  return apiPath(routes.exportJobFile, { jobId });
}

/** `GET /b2b/report_exports/{jobId}`: the job's state and progress. */
export function reportExportJobQuery(jobId: string | null) {
  return queryOptions({
    queryKey: ['b2b', 'report-export', jobId] as const,
    queryFn: ({ signal }) => api.get<ReportExportJob>(reportExportJobPath(jobId ?? ''), { signal }),
    enabled: jobId !== null,
    // Progress is only ever read fresh; a finished job is not asked again.
    gcTime: 0,
  });
}
