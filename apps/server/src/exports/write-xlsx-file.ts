import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { RenderPool } from '../render-pool/pool.js';
import { converse, type ExportProgress, safeSheetName, type XlsxExport } from './send-xlsx.js';

/**
 * The export path of sendXlsxExport, written to a file instead of a response (background report exports): the same
 * render task, the same conversation and flow control (the worker writes no faster than the disk takes the bytes).
 * The file appears at `path` only once complete (written as `<path>.part`, then renamed); on any failure the part
 * is removed and the error thrown (RowLimitExceededError before the first row when over the limit). `progress` is
 * updated while rows are written, for whoever reports it.
 */
export async function writeXlsxFile(
  pool: RenderPool,
  owner: string,
  signal: AbortSignal,
  spec: XlsxExport,
  path: string,
  progress: ExportProgress,
): Promise<void> {
  const reservation = await pool.reserve(owner);
  const part = `${path}.part`;
  // The conversation stops on this signal: the caller's (shutdown) or a failed write to disk.
  const controller = new AbortController();
  const stop = () => controller.abort(signal.reason);
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  let writing: Promise<void> | undefined;
  const columns = spec.columns.map(({ kind, header }) => ({ kind, header }));
  try {
    await pool.stream(
      { kind: 'xlsx-export', sheetName: safeSheetName(spec.sheetName), columns },
      controller.signal,
      (port) =>
        converse(port, spec, controller.signal, progress, (body) => {
          writing = pipeline(body, createWriteStream(part));
          writing.catch((error: unknown) => controller.abort(error));
        }),
    );
    if (!writing) throw new Error('export ended without output');
    await writing;
    await rename(part, path);
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  } finally {
    signal.removeEventListener('abort', stop);
    reservation.release();
  }
}
