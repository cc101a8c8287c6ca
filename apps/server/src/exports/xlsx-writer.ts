import { PassThrough, Writable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { type CellValue, cellValue, columnWidth } from './cells.js';
import { CHUNKS_IN_FLIGHT, type FromWorker, type ToWorker, type XlsxExportTask } from './protocol.js';
import {
  columnLetters,
  headerXml,
  packageParts,
  rowXml,
  sheetEnd,
  sheetStart,
  sheetStyles,
} from './xlsx-parts.js';

/**
 * Runs in a render thread: writes the rows that arrive through `task.port` into an Excel file (xlsx-parts.ts: inline
 * strings, no shared-strings table kept in memory; each batch of rows written as it arrives) zipped by archiver, and
 * posts the file's bytes back in chunks. Resolves when the file is complete, or at once when the main thread goes away (the
 * port closes): an abandoned workbook is simply dropped.
 */
export function writeXlsxExport(task: XlsxExportTask): Promise<void> {
  const { port, columns } = task;
  const post = (message: FromWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);
  let chunksInFlight = 0;
  /** The output stream's callback while it waits for the main thread to take chunks (backpressure). */
  let resumeOutput: (() => void) | undefined;
  /**
   * Batches written but not yet acknowledged, held until the output flows again. A second batch can arrive while the
   * first waits: both are acknowledged together, never one in place of the other (the main thread counts batches in
   * flight and rows written from these acknowledgements).
   */
  const unacked = { batches: 0, rows: 0 };
  let abandoned = false;

  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (abandoned) return callback();
      // A copy of our own to move: zlib's buffers may be views into a larger one.
      const bytes = new Uint8Array(chunk);
      post({ type: 'chunk', bytes }, [bytes.buffer as ArrayBuffer]);
      chunksInFlight++;
      if (chunksInFlight < CHUNKS_IN_FLIGHT) callback();
      else resumeOutput = callback;
    },
  });

  /** Acknowledges the waiting batch if the output keeps up: flow control the main thread can rely on. */
  const ackIfFlowing = () => {
    if (unacked.batches === 0 || chunksInFlight >= CHUNKS_IN_FLIGHT || sheetXml?.writableNeedDrain) return;
    post({ type: 'rows-ack', batches: unacked.batches, written: unacked.rows });
    unacked.batches = 0;
    unacked.rows = 0;
  };
  const styles = sheetStyles(columns);
  const letters = columns.map((_, i) => columnLetters(i));
  /**
   * The sheet's XML on its way into the zip. Its buffer is the backlog: when compression falls behind, the sheet
   * waits here (up to SHEET_BACKLOG_BYTES) and the worker holds back its acknowledgement, and so the main thread's
   * next batch, until the zip has caught up ('drain').
   */
  let sheetXml: PassThrough | undefined;
  let archive: ZipArchive | undefined;
  let rowNumber = 1;

  /** Opens the workbook with the first batch in hand: the column widths are guessed from the header and those rows. */
  const open = (sample: CellValue[][]) => {
    const zip = new ZipArchive({ zlib: { level: 6 } });
    archive = zip;
    zip.on('error', fail);
    zip.pipe(output);
    for (const part of packageParts(task.sheetName, columns.length))
      zip.append(part.xml, { name: part.name });
    zip.append(styles.xml, { name: 'xl/styles.xml' });
    const sheet = new PassThrough({ highWaterMark: SHEET_BACKLOG_BYTES });
    sheetXml = sheet;
    sheet.on('drain', ackIfFlowing);
    zip.append(sheet, { name: 'xl/worksheets/sheet1.xml' });
    const widths = columns.map((c, i) =>
      columnWidth(
        c,
        sample.map((row) => row[i] ?? null),
      ),
    );
    sheet.write(
      sheetStart(widths, styles) +
        headerXml(
          columns.map((c) => c.header),
          styles,
          letters,
        ),
    );
  };

  const writeRows = (rows: unknown[][]) => {
    const typed = rows.map((row) => columns.map((c, i) => cellValue(c.kind, row[i])));
    if (!sheetXml) open(typed);
    let xml = '';
    for (const values of typed) {
      rowNumber += 1;
      xml += rowXml(rowNumber, values, styles, letters);
    }
    sheetXml?.write(xml);
  };

  /** Set by the promise below: reports a failure to the main thread and ends the task. */
  let fail: (error: unknown) => void = () => {};

  return new Promise<void>((resolve, reject) => {
    const finish = () => {
      port.close();
      resolve();
    };
    fail = (error: unknown) => {
      if (abandoned) return;
      const message = error instanceof Error ? error.message : String(error);
      post({ type: 'failed', message });
      port.close();
      reject(error);
    };
    output.on('error', fail);
    port.on('close', () => {
      // The main thread left (client gone, database failed): drop everything, free the thread.
      abandoned = true;
      resumeOutput?.();
      archive?.abort();
      resolve();
    });
    port.on('message', (message: ToWorker) => {
      try {
        switch (message.type) {
          case 'rows': {
            writeRows(message.rows);
            unacked.batches += 1;
            unacked.rows += message.rows.length;
            ackIfFlowing();
            break;
          }
          case 'chunk-ack': {
            chunksInFlight--;
            if (chunksInFlight < CHUNKS_IN_FLIGHT) {
              const resume = resumeOutput;
              resumeOutput = undefined;
              resume?.();
              ackIfFlowing();
            }
            break;
          }
          case 'end': {
            if (!sheetXml) open([]);
            (sheetXml as PassThrough).end(sheetEnd(columns.length));
            // 'finish' fires when the zip's last bytes reached `output`.
            output.once('finish', () => {
              post({ type: 'done' });
              finish();
            });
            (archive as ZipArchive).finalize().catch(fail);
            break;
          }
        }
      } catch (error) {
        fail(error);
      }
    });
  });
}

/** Sheet XML (uncompressed) that may wait for the zip before the next batch is accepted. */
const SHEET_BACKLOG_BYTES = 256 * 1024;
