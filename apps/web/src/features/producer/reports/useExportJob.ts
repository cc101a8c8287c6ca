import type { ReportExportJob } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { QueryParams } from '../../../lib/api-client';
import { EXPORT_POLL_INTERVAL_MS, reportExportJobQuery, startReportExport } from '../api/reports-api';

export const FINISHED: ReadonlySet<ReportExportJob['state']> = new Set(['done', 'failed']);

/**
 * One background export: started with the report form (`POST /b2b/report_exports`), then polled about every second
 * until it is done or failed. Polling belongs to the screen: leaving it (unmount) stops it; the job itself goes on
 * on the server and is simply not asked about again.
 */
export function useExportJob() {
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (form: QueryParams) => startReportExport(form),
    onMutate: () => setJobId(null),
    onSuccess: (job) => setJobId(job.jobId),
  });
  const poll = useQuery({
    ...reportExportJobQuery(jobId),
    // A failed check (the job is gone, the session ended) stops the polling; Export starts a new job.
    refetchInterval: (query) =>
      query.state.error || (query.state.data && FINISHED.has(query.state.data.state))
        ? false
        : EXPORT_POLL_INTERVAL_MS,
  });
  const job = poll.data ?? (jobId ? start.data : undefined);
  return {
    job,
    start: (form: QueryParams) => start.mutate(form),
    starting: start.isPending,
    /** The start refused (400, 403, 404) or a progress check failed. */
    error: start.error ?? poll.error,
  };
}
