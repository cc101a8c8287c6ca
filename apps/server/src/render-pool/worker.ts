import { Piscina } from 'piscina';
import { PdfUnavailableError, pdfEngine } from '../render/pdf-engine.js';
import { runRenderTask } from './handlers.js';
import type { RenderTask, RenderWorkerSettings, StreamTask } from './tasks.js';

const settings = Piscina.workerData as RenderWorkerSettings;

// Parse the fonts while the thread starts, not during its first download. A missing font is reported by the tasks
// that need it (503 on PDFs only), so it must not stop the thread here.
try {
  if (settings.fonts !== false) pdfEngine(settings.pdfFontPath);
} catch (error) {
  if (!(error instanceof PdfUnavailableError)) throw error;
}

/**
 * The worker's task function (loaded by worker-entry.mjs): the document's bytes, or the outcome of a failure the
 * caller can explain. The bytes are moved, not copied, to the main thread; a Buffer carved out of Node's shared
 * allocation pool is copied first (moving it would hand over the whole pool).
 */
export default async function renderInWorker(task: RenderTask | StreamTask) {
  const outcome = await runRenderTask(task, settings);
  if (!outcome.ok || 'streamed' in outcome) return outcome;
  const { bytes } = outcome;
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return Piscina.move(own ? bytes : new Uint8Array(bytes));
}
