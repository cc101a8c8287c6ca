import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { type CellValue, cellValue, columnWidth, numberFormat } from './cells.js';
import { CHUNKS_IN_FLIGHT, type FromWorker, type ToWorker, type XlsxExportTask } from './protocol.js';
import { installQuotePrefixStyles, looksLikeFormula } from './quote-prefix.js';

/**
 * Runs in a render thread: writes the rows that arrive through `task.port` into an Excel file with exceljs' streaming
 * writer (inline strings, no shared-strings table kept in memory; each row committed as it is written) and posts the
 * file's bytes back in chunks. Resolves when the file is complete, or at once when the main thread goes away (the
 * port closes): an abandoned workbook is simply dropped.
 */
export function writeXlsxExport(task: XlsxExportTask): Promise<void> {
  installQuotePrefixStyles();
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

  /** Bytes of sheet XML handed to the zip but not yet taken by it (see trackSheetBacklog). */
  let backlog = () => 0;
  /** Acknowledges the waiting batch if the output keeps up: flow control the main thread can rely on. */
  const ackIfFlowing = () => {
    if (unacked.batches === 0 || chunksInFlight >= CHUNKS_IN_FLIGHT || backlog() > SHEET_BACKLOG_BYTES)
      return;
    post({ type: 'rows-ack', batches: unacked.batches, written: unacked.rows });
    unacked.batches = 0;
    unacked.rows = 0;
  };
  let workbook: InstanceType<typeof ExcelJS.stream.xlsx.WorkbookWriter> | undefined;
  let sheet: ExcelJS.Worksheet | undefined;
  const styles = columns.map((c) => {
    const numFmt = numberFormat(c.kind);
    return numFmt ? { numFmt } : {};
  });
  /** The same, marked so text that looks like a formula stays text (one object per column: exceljs caches by it). */
  const textStyles = styles.map((style) => ({ ...style, quotePrefix: true }));

  /** Opens the sheet with the first batch in hand: the column widths are guessed from the header and those rows. */
  const open = (sample: CellValue[][]) => {
    workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: true,
      useSharedStrings: false,
    });
    sheet = workbook.addWorksheet(task.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c, i) => ({
      width: columnWidth(
        c,
        sample.map((row) => row[i] ?? null),
      ),
      style: styles[i],
    }));
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
    const header = sheet.addRow(columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    backlog = trackSheetBacklog(sheet, ackIfFlowing);
  };

  const writeRows = (rows: unknown[][]) => {
    const typed = rows.map((row) => columns.map((c, i) => cellValue(c.kind, row[i])));
    if (!sheet) open(typed);
    for (const values of typed) {
      const row = (sheet as ExcelJS.Worksheet).addRow(values);
      values.forEach((value, i) => {
        if (looksLikeFormula(value)) row.getCell(i + 1).style = textStyles[i] as Partial<ExcelJS.Style>;
      });
      row.commit();
    }
  };

  return new Promise<void>((resolve, reject) => {
    const finish = () => {
      port.close();
      resolve();
    };
    const fail = (error: unknown) => {
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
            if (!sheet) open([]);
            (sheet as ExcelJS.Worksheet).commit();
            // Resolves once the zip is complete; 'finish' then fires when its last bytes reached `output`.
            output.once('finish', () => {
              post({ type: 'done' });
              finish();
            });
            (workbook as InstanceType<typeof ExcelJS.stream.xlsx.WorkbookWriter>).commit().catch(fail);
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

/** exceljs 4.4's StreamBuf (utils/stream-buf.js): in batch mode it hands 64 kB buffers to the zip with `_pipe`. */
interface SheetStreamBuf {
  _pipe(chunk: { length: number }): Promise<void>;
}

/**
 * How many bytes of sheet XML the zip has not taken yet. exceljs' sheet stream ignores backpressure: it hands every
 * full buffer to the zip at once, so when compression falls behind, uncompressed XML piles up in the thread (measured:
 * 60 MB after 200 000 rows). Wrapping its `_pipe` (pinned exceljs 4.4.0) lets the worker hold back its acknowledgement,
 * and so the main thread's next batch, until the zip has caught up. `drained` is called whenever the backlog shrinks.
 */
function trackSheetBacklog(sheet: ExcelJS.Worksheet, drained: () => void): () => number {
  const stream = (sheet as unknown as { stream: Partial<SheetStreamBuf> }).stream;
  const pipe = stream._pipe;
  if (typeof pipe !== 'function') return () => 0; // another exceljs: no flow control beyond the output's
  let pending = 0;
  stream._pipe = async (chunk) => {
    const size = chunk.length;
    pending += size;
    try {
      await pipe.call(stream, chunk);
    } finally {
      pending -= size;
      drained();
    }
  };
  return () => pending;
}
