import type { MessagePort } from 'node:worker_threads';
import type { ColumnKind } from '@portal/contract';

/**
 * The conversation between the main thread (database cursor, HTTP response) and the render thread (xlsx-writer.ts) while
 * one export streams through a MessagePort. Flow control both ways keeps memory bounded on both threads:
 * - rows: the main thread sends a batch and has at most ROW_BATCHES_IN_FLIGHT of them unacknowledged; the worker
 *   acknowledges a batch once it is written into the workbook and its output is flowing;
 * - bytes: the worker posts the file in chunks (moved, not copied) and stops writing when CHUNKS_IN_FLIGHT are
 *   unacknowledged; the main thread acknowledges a chunk once the HTTP response accepted it (a slow client stops
 *   the worker, which stops the cursor).
 */
export const ROW_BATCHES_IN_FLIGHT = 2;
export const CHUNKS_IN_FLIGHT = 8;

/** One column of the sheet as the worker needs it (header already in the request's language). */
export interface ExportColumn {
  kind: ColumnKind;
  header: string;
}

/** The `xlsx-export` render task: everything but the rows, which come through the port. */
export interface XlsxExportTask {
  sheetName: string;
  columns: ExportColumn[];
  /** The worker's end of the channel (moved to the thread with the task). */
  port: MessagePort;
}

/** Main thread → worker. Rows are arrays of values in column order (cheaper to clone than objects). */
export type ToWorker = { type: 'rows'; rows: unknown[][] } | { type: 'end' } | { type: 'chunk-ack' };

/** Worker → main thread. */
export type FromWorker =
  /** `batches` batches of `written` rows in all are in the workbook. */
  | { type: 'rows-ack'; batches: number; written: number }
  | { type: 'chunk'; bytes: Uint8Array }
  /** The last chunk was posted: the file is complete. */
  | { type: 'done' }
  | { type: 'failed'; message: string };
