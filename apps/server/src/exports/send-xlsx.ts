import { Readable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import type { ColumnKind } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ResultRow, RowLimitExceededError } from '../db/query-in-batches.js';
import { contentDisposition } from '../files/send-file.js';
import { HttpError } from '../plugins/errors.js';
import { loggableError } from '../plugins/logging.js';
import { abandonedSignal, renderOwner } from '../render-pool/http.js';
import type { RenderPool } from '../render-pool/pool.js';
import { type FromWorker, ROW_BATCHES_IN_FLIGHT, type ToWorker } from './protocol.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A column of an export: the row field it shows, how its cells are typed, its header in the request's language. */
export interface XlsxColumn {
  key: string;
  kind: ColumnKind;
  header: string;
}

/** Counts for tests and logs: how far the database ran ahead of the workbook. */
export interface ExportProgress {
  fetchedRows: number;
  writtenRows: number;
  /** Most rows fetched but not yet written at any moment (bounded by ROW_BATCHES_IN_FLIGHT + 1 batches). */
  mostRowsAhead: number;
}

export interface XlsxExport {
  /** With the extension; may hold any character (the header carries an ASCII fallback and the UTF-8 name). */
  fileName: string;
  /** At most 31 characters, none of \ / ? * [ ] : (Excel's rules); cut and replaced here otherwise. */
  sheetName: string;
  columns: XlsxColumn[];
  /**
   * The rows, in batches: normally `queryInBatches(query, { maxRows: EXPORT_ROW_LIMIT })` (ModuleOptions). Read only
   * once a render thread is free; stopped with `return()` when the client leaves. A RowLimitExceededError before the
   * first batch answers 422 `exports.tooManyRows`.
   */
  batches: AsyncIterable<ResultRow[]>;
  /** Called once the export ended (written, abandoned or failed). */
  onEnd?: (progress: ExportProgress, error?: unknown) => void;
}

/**
 * THE export path: streams an Excel file of `batches` to the client, written by a render thread while the rows are
 * read, never holding the file or the result in memory. Limits: one of the requester's render slots for the whole
 * export (429), the render queue (503), 499 when the client leaves before a thread is free.
 *
 * Nothing is sent until the first batch was read and the worker produced its first bytes: a failure until then is an
 * ordinary error answer (the database away → 503 with Retry-After, through the error handler). After that, a failure
 * destroys the response, so the browser reports a failed download instead of saving a truncated file that looks
 * complete, and it is logged. A client that leaves stops the export: no more FETCH, the cursor closed, the thread free.
 */
export async function sendXlsxExport(
  pool: RenderPool,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: XlsxExport,
): Promise<FastifyReply> {
  const reservation = await pool.reserve(renderOwner(request));
  const signal = abandonedSignal(reply);
  const progress: ExportProgress = { fetchedRows: 0, writtenRows: 0, mostRowsAhead: 0 };
  let sending: Readable | undefined;
  let started!: (body: Readable) => void;
  const firstBytes = new Promise<Readable>((resolve) => (started = resolve));
  const columns = spec.columns.map(({ kind, header }) => ({ kind, header }));
  const exporting = pool
    .stream({ kind: 'xlsx-export', sheetName: safeSheetName(spec.sheetName), columns }, signal, (port) =>
      converse(port, spec, signal, progress, (body) => {
        sending = body;
        started(body);
      }),
    )
    // The export has ended only once its slot is free in every process: the person's next export is not refused.
    .finally(() => reservation.release());
  exporting.then(
    () => spec.onEnd?.(progress),
    (error: unknown) => {
      spec.onEnd?.(progress, error);
      if (!sending) return;
      // Too late for an error answer: the status line is out. Fastify destroys the response for a failed stream.
      if (!signal.aborted)
        request.log.error({ err: loggableError(error), ...progress }, 'export failed after its first byte');
      sending.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  let body: Readable;
  try {
    body = await Promise.race([
      firstBytes,
      exporting.then(() => {
        throw new Error('export ended without output');
      }),
    ]);
  } catch (error) {
    if (error instanceof RowLimitExceededError)
      throw new HttpError(
        422,
        'exports.tooManyRows',
        {},
        { rows: error.rows.toLocaleString('en-US'), limit: error.limit.toLocaleString('en-US') },
      );
    throw error;
  }
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', contentDisposition('attachment', spec.fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/**
 * The main thread's side of the conversation: reads batches (at most ROW_BATCHES_IN_FLIGHT waiting for the worker)
 * and turns the worker's chunks into the response body, acknowledging each chunk only once the body has room.
 */
export async function converse(
  port: MessagePort,
  spec: XlsxExport,
  signal: AbortSignal,
  progress: ExportProgress,
  onFirstBytes: (body: Readable) => void,
): Promise<void> {
  const send = (message: ToWorker) => port.postMessage(message);
  let batchesInFlight = 0;
  let heldAcks = 0;
  let body: Readable | undefined;
  let wake: (() => void) | undefined;
  let stopped: Error | undefined;
  let done = false;
  const poke = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const stop = (error: Error) => {
    stopped ??= error;
    poke();
  };
  /** Resolves when `ready()` holds, or rejects as soon as the export is stopped. */
  const until = async (ready: () => boolean) => {
    for (;;) {
      if (ready()) return;
      if (stopped) throw stopped;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };

  signal.addEventListener('abort', () => stop(new Error('client closed the connection')), { once: true });
  port.on('close', () => {
    if (!done) stop(new Error('the export thread stopped'));
  });
  port.on('message', (message: FromWorker) => {
    switch (message.type) {
      case 'rows-ack':
        batchesInFlight -= message.batches;
        progress.writtenRows += message.written;
        break;
      case 'chunk': {
        if (!body) {
          body = new Readable({
            read() {
              // The response took what it had: the chunks held back may be acknowledged now.
              for (; heldAcks > 0; heldAcks--) send({ type: 'chunk-ack' });
            },
          });
          onFirstBytes(body);
        }
        if (body.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength)))
          send({ type: 'chunk-ack' });
        else heldAcks++;
        break;
      }
      case 'done':
        done = true;
        body?.push(null);
        break;
      case 'failed':
        stop(new Error(`export worker failed: ${message.message}`));
        break;
    }
    poke();
  });

  const rows = spec.batches[Symbol.asyncIterator]();
  const keys = spec.columns.map((c) => c.key);
  try {
    for (;;) {
      if (stopped) throw stopped;
      const next = await rows.next();
      if (stopped) throw stopped;
      if (next.done) break;
      progress.fetchedRows += next.value.length;
      progress.mostRowsAhead = Math.max(progress.mostRowsAhead, progress.fetchedRows - progress.writtenRows);
      send({ type: 'rows', rows: next.value.map((row) => keys.map((key) => row[key] ?? null)) });
      batchesInFlight++;
      await until(() => batchesInFlight < ROW_BATCHES_IN_FLIGHT);
    }
    send({ type: 'end' });
    await until(() => done);
  } finally {
    // Closes the cursor and gives back the connection when the loop stopped early (no-op after the last batch).
    await rows.return?.();
  }
}

/** Excel refuses sheet names over 31 characters or holding \ / ? * [ ] :. */
export function safeSheetName(name: string): string {
  const cleaned = name.replace(/[\\/?*[\]:]/g, ' ').trim();
  return [...(cleaned || 'Sheet1')].slice(0, 31).join('');
}
