import type { DetailDocument } from '../render/detail-model.js';
import type { StatementDocument } from '../render/statement-model.js';

/**
 * The kinds of work the render pool does, each a plain (structured-cloneable) input and the bytes it produces. Add a
 * kind here and its handler in handlers.ts (e.g. `{ kind: 'xlsx-export', … }`); callers use RenderPool.run.
 */
export interface RenderTasks {
  /** One PDF holding these statements (built in the main thread, where the database is). */
  'statement-pdf': { docs: StatementDocument[] };
  /** A producer-area detail record (policy detail, client detail) as a PDF. */
  'detail-pdf': { doc: DetailDocument };
}

export type RenderKind = keyof RenderTasks;
export type RenderTask = { [K in RenderKind]: { kind: K } & RenderTasks[K] }[RenderKind];

/** What a worker sends back: the document, or a failure the caller can explain (anything else is thrown). */
export type RenderOutcome =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; reason: 'unavailable'; detail: string };

/** Settings every worker starts with (piscina workerData). */
export interface RenderWorkerSettings {
  /** Undefined: the fonts installed by npm. */
  pdfFontPath: string | undefined;
}
