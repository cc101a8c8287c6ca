import type { Readable } from 'node:stream';
import { converse, type ExportProgress, safeSheetName, type XlsxExport } from '../../../exports/send-xlsx.js';
import type { RenderPool } from '../../../render-pool/pool.js';

/**
 * The export path of sendXlsxExport, with `store` instead of a response as the byte sink (background report exports):
 * the same render task, the same conversation and flow control (the worker writes no faster than `store` takes the
 * bytes). Resolves once `store` has taken the last byte; on any failure the error is thrown (RowLimitExceededError
 * before the first row when over the limit) and whatever `store` kept is the caller's to delete. `progress` is
 * updated while rows are written, for whoever reports it. No render slot of anyone's is taken: the runner's workers
 * (EXPORT_WORKERS) bound how many run, and a person's own downloads must not make their queued export fail.
 */
export async function writeXlsxStored(
  pool: RenderPool,
  signal: AbortSignal,
  spec: XlsxExport,
  store: (body: Readable) => Promise<void>,
  progress: ExportProgress,
): Promise<void> {
  // The conversation stops on this signal: the caller's (shutdown) or a failed store.
  const controller = new AbortController();
  const stop = () => controller.abort(signal.reason);
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  let storing: Promise<void> | undefined;
  const columns = spec.columns.map(({ kind, header }) => ({ kind, header }));
  try {
    await pool.stream(
      { kind: 'xlsx-export', sheetName: safeSheetName(spec.sheetName), columns },
      controller.signal,
      (port) =>
        converse(port, spec, controller.signal, progress, (body) => {
          storing = store(body);
          storing.catch((error: unknown) => controller.abort(error));
        }),
      { background: true },
    );
    if (!storing) throw new Error('export ended without output');
    await storing;
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
