import { renderDetailPdf } from '../render/detail-pdf.js';
import { PdfUnavailableError } from '../render/pdf-engine.js';
import { renderStatementsPdf } from '../render/statement-pdf.js';
import type { RenderKind, RenderOutcome, RenderTask, RenderTasks, RenderWorkerSettings } from './tasks.js';

type Handler<K extends RenderKind> = (
  task: RenderTasks[K],
  settings: RenderWorkerSettings,
) => Promise<Uint8Array>;

/** One handler per task kind; runs inside a worker thread (never import this from the main thread's code paths). */
const handlers: { [K in RenderKind]: Handler<K> } = {
  'statement-pdf': (task, settings) => renderStatementsPdf(task.docs, settings.pdfFontPath),
  'detail-pdf': (task, settings) => renderDetailPdf(task.doc, settings.pdfFontPath),
};

/** Runs one task; a missing font becomes an outcome, not an exception (error classes do not cross threads). */
export async function runRenderTask(
  task: RenderTask,
  settings: RenderWorkerSettings,
): Promise<RenderOutcome> {
  const handler = handlers[task.kind] as Handler<RenderKind> | undefined;
  if (!handler) throw new Error(`unknown render task kind: ${String(task.kind)}`);
  try {
    return { ok: true, bytes: await handler(task, settings) };
  } catch (error) {
    if (error instanceof PdfUnavailableError)
      return { ok: false, reason: 'unavailable', detail: error.message };
    throw error;
  }
}
