import { writeXlsxExport } from '../exports/xlsx-writer.js';
import { renderCommissionStatementPdf } from '../render/commission-statement-pdf.js';
import { renderDetailPdf } from '../render/detail-pdf.js';
import { PdfUnavailableError } from '../render/pdf-engine.js';
import { renderStatementsPdf } from '../render/statement-pdf.js';
import type {
  RenderKind,
  RenderOutcome,
  RenderTask,
  RenderTasks,
  RenderWorkerSettings,
  StreamKind,
  StreamTask,
  StreamTasks,
} from './tasks.js';

type Handler<K extends RenderKind> = (
  task: RenderTasks[K],
  settings: RenderWorkerSettings,
) => Promise<Uint8Array>;

/** A stream task's handler: its output goes through the task's port; it resolves when done or abandoned. */
type StreamHandler<K extends StreamKind> = (
  task: StreamTasks[K],
  settings: RenderWorkerSettings,
) => Promise<void>;

/** One handler per task kind; runs inside a worker thread (never import this from the main thread's code paths). */
const handlers: { [K in RenderKind]: Handler<K> } = {
  'statement-pdf': (task, settings) => renderStatementsPdf(task.docs, settings.pdfFontPath),
  'detail-pdf': (task, settings) => renderDetailPdf(task.doc, settings.pdfFontPath),
  'commission-statement-pdf': (task, settings) =>
    renderCommissionStatementPdf(task.doc, settings.pdfFontPath),
};

const streamHandlers: { [K in StreamKind]: StreamHandler<K> } = {
  'xlsx-export': (task) => writeXlsxExport(task),
};

/** Runs one task; a missing font becomes an outcome, not an exception (error classes do not cross threads). */
export async function runRenderTask(
  task: RenderTask | StreamTask,
  settings: RenderWorkerSettings,
): Promise<RenderOutcome> {
  const streamHandler = streamHandlers[task.kind as StreamKind] as StreamHandler<StreamKind> | undefined;
  if (streamHandler) {
    await streamHandler(task as StreamTask, settings);
    return { ok: true, streamed: true };
  }
  const handler = handlers[task.kind as RenderKind] as Handler<RenderKind> | undefined;
  if (!handler) throw new Error(`unknown render task kind: ${String(task.kind)}`);
  try {
    return { ok: true, bytes: await handler(task as RenderTask, settings) };
  } catch (error) {
    if (error instanceof PdfUnavailableError)
      return { ok: false, reason: 'unavailable', detail: error.message };
    throw error;
  }
}
