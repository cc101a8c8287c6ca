import type { XlsxExportTask } from '../exports/protocol.js';
import type { CommissionStatementDocument } from '../render/commission-statement-model.js';
import type { DetailDocument } from '../render/detail-model.js';
import type { StatementDocument } from '../render/statement-model.js';

/**
 * The kinds of work the render pool does, each a plain (structured-cloneable) input and the bytes it produces. Add a
 * kind here and its handler in handlers.ts; callers use RenderPool.run.
 */
export interface RenderTasks {
  /** One PDF holding these statements (built in the main thread, where the database is). */
  'statement-pdf': { docs: StatementDocument[] };
  /** A producer-area detail record (policy detail, client detail) as a PDF. */
  'detail-pdf': { doc: DetailDocument };
  /** A producer's commission statement (rendered from pay-out records) as a PDF. */
  'commission-statement-pdf': { doc: CommissionStatementDocument };
}

/**
 * Kinds that stream: the input carries a MessagePort (moved to the thread) through which the main thread feeds data
 * and the worker sends the output while it runs. Callers use RenderPool.stream.
 */
export interface StreamTasks {
  /** An Excel file written row batch by row batch (src/exports/). */
  'xlsx-export': XlsxExportTask;
}

export type RenderKind = keyof RenderTasks;
export type RenderTask = { [K in RenderKind]: { kind: K } & RenderTasks[K] }[RenderKind];
export type StreamKind = keyof StreamTasks;
export type StreamTask = { [K in StreamKind]: { kind: K } & StreamTasks[K] }[StreamKind];

/** What a worker sends back: the document, or a failure the caller can explain (anything else is thrown). */
export type RenderOutcome =
  | { ok: true; bytes: Uint8Array }
  /** A stream task ended; its output went through its port. */
  | { ok: true; streamed: true }
  | { ok: false; reason: 'unavailable'; detail: string };

/** Settings every worker starts with (piscina workerData). */
export interface RenderWorkerSettings {
  /** Undefined: the fonts installed by npm. */
  pdfFontPath: string | undefined;
  /** Parse the fonts while the thread starts (render threads); stream threads write exports and need none. */
  fonts?: boolean;
}
